// The sidecar benchmark's baseline proxy: node:http in, undici Pool out, bodies streamed, hop-by-
// hop headers dropped, nothing decided or recorded. What any reverse proxy costs on this machine.
// Usage: node bare-proxy.ts <upstream origin>; prints `listening <port>`.

import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'undici';

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'host']);
const pool = new Pool(process.argv[2], { pipelining: 1, keepAliveTimeout: 30_000 });

const server = http.createServer({ keepAliveTimeout: 65_000 }, async (req, res) => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP.has(name)) headers[name] = value;
  try {
    const upstream = await pool.request({ method: req.method as 'POST', path: req.url ?? '/', headers, body: req });
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(upstream.headers)) if (value !== undefined && !HOP.has(name)) out[name] = value;
    res.writeHead(upstream.statusCode, out);
    await pipeline(upstream.body, res);
  } catch {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
