// The baseline: a bare node:http server that parses a JSON body and echoes a small JSON answer.
// Prints its port on stdout so the bench can reach it.

import http from 'node:http';

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { agent_id?: string };
    const answer = JSON.stringify({ ok: true, agent_id: body.agent_id ?? null });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening ${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
