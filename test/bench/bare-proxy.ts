// The sidecar benchmark's baseline proxy: node:http in, undici Pool out, bodies streamed, hop-by-
// hop headers dropped, nothing decided or recorded. What any reverse proxy costs on this machine.
//
// With `--check <origin>` it is instead the floor of a proxy that has each call checked elsewhere
// (a sidecar recording through its central gateway): the request body is read whole and POSTed to
// <origin> before it is forwarded, and the upstream's answer is read whole and POSTed there before
// it is released. Nothing is decided: the checker's answers are read and dropped.
// Usage: node bare-proxy.ts <upstream origin> [--check <origin>]; prints `listening <port>`.

import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'undici';

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'host']);
const POOL_OPTIONS = { pipelining: 1, keepAliveTimeout: 30_000 };
const pool = new Pool(process.argv[2]!, POOL_OPTIONS);
const checkAt = process.argv[3] === '--check' ? process.argv[4] : undefined;
const checker = checkAt ? new Pool(checkAt, POOL_OPTIONS) : undefined;

const endToEnd = (from: http.IncomingHttpHeaders): Record<string, string | string[]> => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(from)) if (value !== undefined && !HOP.has(name)) headers[name] = value;
  return headers;
};

async function streamed(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const upstream = await pool.request({ method: req.method as 'POST', path: req.url ?? '/', headers: endToEnd(req.headers), body: req });
  res.writeHead(upstream.statusCode, endToEnd(upstream.headers));
  await pipeline(upstream.body, res);
}

async function check(at: Pool, body: Buffer): Promise<void> {
  const answer = await at.request({ method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body });
  await answer.body.arrayBuffer();
  if (answer.statusCode !== 200) throw new Error(`checker answered ${answer.statusCode}`);
}

async function checked(req: http.IncomingMessage, res: http.ServerResponse, checker: Pool): Promise<void> {
  const body = Buffer.concat(await req.toArray() as Buffer[]);
  await check(checker, body);
  const upstream = await pool.request({ method: req.method as 'POST', path: req.url ?? '/', headers: endToEnd(req.headers), body });
  const answer = Buffer.from(await upstream.body.arrayBuffer());
  await check(checker, answer);
  res.writeHead(upstream.statusCode, { ...endToEnd(upstream.headers), 'content-length': answer.length });
  res.end(answer);
}

const server = http.createServer({ keepAliveTimeout: 65_000 }, async (req, res) => {
  try {
    await (checker ? checked(req, res, checker) : streamed(req, res));
  } catch {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
