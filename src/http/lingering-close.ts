// A client still sending a body the gateway has refused (413) must be able to read the refusal.
// Closing at once, with its bytes still arriving, makes the kernel answer them with a reset,
// which also throws away the 413 the client has not read yet. So the answer is written whole
// (Content-Length, Connection: close) while what the client still sends is read and dropped,
// bounded in bytes and time, and only then is the connection closed.

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** At most this much of a refused body is read and dropped after the answer. */
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;
/** And for at most this long. */
export const LINGER_MAX_MS = 5_000;

/**
 * Ends `res` with `body`, lingering (bounded) while the request's body is still arriving. The
 * answer must carry Content-Length: the client reads it whole before the end is sent.
 */
export function endLingering(res: ServerResponse, body: string | Buffer): void {
  const req = res.req;
  if (req === undefined || req.complete || req.destroyed) {
    res.end(body);
    return;
  }
  res.write(body);
  let dropped = 0;
  const finish = (): void => {
    clearTimeout(timer);
    req.off('data', onData);
    if (!res.writableEnded) res.end();
  };
  const onData = (chunk: Buffer): void => {
    dropped += chunk.length;
    if (dropped > LINGER_MAX_BYTES) finish();
  };
  const timer = setTimeout(finish, LINGER_MAX_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', finish);
  req.once('error', finish);
  res.once('close', () => clearTimeout(timer));
  req.resume();
}

/** After a raw answer on a socket Node's parser gave up on: close the write side, drop what still arrives (bounded), then destroy. */
export function lingerSocket(socket: Socket): void {
  let dropped = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MAX_MS);
  timer.unref();
  socket.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_MAX_BYTES) socket.destroy();
  });
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
  socket.on('error', () => socket.destroy());
  socket.resume();
}
