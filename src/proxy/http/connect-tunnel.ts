// CONNECT requests (clients behind HTTP_PROXY). Many clients (Node's fetch among them) tunnel
// even plain http:// calls: a CONNECT to a host a route names is accepted, and if what flows
// inside is plain HTTP the sidecar serves it itself, so those calls are governed like any other.
// TLS it cannot read: hosts on connect.allow tunnel through, each tunnel recorded in the ledger
// as an ungoverned `tunnel` row; every other host is refused with a problem body saying why.

import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, problemBody } from '../../http/index.ts';
import { eventEntry, type Ledger, type LedgerEntry } from '../../ledger/index.ts';
import type { Logger } from '../../observability/index.ts';
import { connectAllowed, splitHost } from '../routes/route-matcher.ts';
import { publishSidecarEvent } from '../sidecar-events.ts';
import type { ConnectRule } from '../routes/route-types.ts';

const CONNECT_TIMEOUT_MS = 10_000;
/** The first byte of a TLS record carrying a handshake (ClientHello). */
const TLS_HANDSHAKE = 0x16;

export interface TunnelDeps {
  rules(): readonly ConnectRule[];
  /** Whether a route names this host. */
  routed(hostname: string, port: string): boolean;
  /** Hands a socket that now carries plain HTTP to the sidecar's own server. */
  serveInside(socket: Duplex): void;
  ledger: Ledger;
  agentId(): string | null;
  versions(): { policy_version: string; score_version: string };
  logger: Logger;
}

export async function handleConnect(deps: TunnelDeps, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  const authority = req.url ?? '';
  const { hostname, port } = splitHost(authority);
  socket.on('error', () => socket.destroy());
  const allowed = connectAllowed(deps.rules(), authority);
  if (hostname !== '' && deps.routed(hostname, port)) {
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const first = head.length > 0 ? head : await firstChunk(socket);
    if (first === null) return;
    socket.unshift(first);
    if (first[0] !== TLS_HANDSHAKE) {
      deps.serveInside(socket);
      socket.resume();
      return;
    }
    if (!allowed) {
      // The 200 is out: all that is left is to close, and say why in the log.
      publishSidecarEvent('connect', 'tunnel_refused');
      deps.logger.warn('sidecar: TLS inside a CONNECT to a routed host cannot be governed; closed (call it with http:// through the proxy)', { authority });
      socket.destroy();
      return;
    }
    await tunnel(deps, socket, authority, Buffer.alloc(0), false);
    return;
  }
  if (!allowed) {
    publishSidecarEvent('connect', 'tunnel_refused');
    deps.logger.warn('sidecar: CONNECT refused (not on connect.allow)', { authority });
    writeRawProblem(socket, new ApiError('DESTINATION_NOT_ALLOWED', `CONNECT to ${authority} is refused: the host is not on the sidecar's connect.allow list, and the sidecar cannot govern traffic it cannot read. Call the tool through a governed route instead, or ask an operator to allow the host.`, {
      extensions: { authority },
    }), authority);
    return;
  }
  await tunnel(deps, socket, authority, head, true);
}

async function tunnel(deps: TunnelDeps, socket: Duplex, authority: string, head: Buffer, answer: boolean): Promise<void> {
  try {
    await deps.ledger.append(tunnelEntry(deps, authority));
  } catch (error) {
    const refusal = error instanceof ApiError ? error : new ApiError('LEDGER_UNAVAILABLE', 'The audit ledger cannot record the tunnel.');
    if (answer) writeRawProblem(socket, refusal, authority);
    else socket.destroy();
    return;
  }
  const { hostname, port } = splitHost(authority);
  const upstream = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
  upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy(new Error('connect timeout')));
  let connected = false;
  upstream.once('connect', () => {
    connected = true;
    upstream.setTimeout(0);
    publishSidecarEvent('connect', 'tunnel');
    if (answer) socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', (error) => {
    if (!connected && answer) writeRawProblem(socket, new ApiError('UPSTREAM_UNAVAILABLE', `CONNECT to ${authority} failed: ${error.message}.`), authority);
    else socket.destroy();
  });
  socket.on('close', () => upstream.destroy());
}

function firstChunk(socket: Duplex): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      cleanup();
      socket.pause();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
  });
}

function tunnelEntry(deps: TunnelDeps, authority: string): LedgerEntry {
  return eventEntry({
    kind: 'tunnel', agentId: deps.agentId(), action: `CONNECT ${authority}`, versions: deps.versions(),
    payload: { authority, governed: false, reason: 'on connect.allow; TLS content cannot be inspected' },
  });
}

const REASONS: Record<number, string> = { 403: 'Forbidden', 404: 'Not Found', 502: 'Bad Gateway', 503: 'Service Unavailable' };

/** A problem+json answer written straight to a socket that left the HTTP server (CONNECT, upgrade). */
export function writeRawProblem(socket: Duplex, error: ApiError, instance: string): void {
  const json = JSON.stringify(problemBody(error, instance));
  socket.end(`HTTP/1.1 ${error.status} ${REASONS[error.status] ?? 'Error'}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`);
}
