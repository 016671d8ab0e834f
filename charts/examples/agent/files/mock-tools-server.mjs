// The example's tool service: a tiny HTTP server the demo agent calls through its governance
// sidecar, so the demo governs something real. Plain JavaScript on Node's standard library only,
// so the chart runs it with the gateway image (`node /mock-tools/server.mjs`, mounted from a
// ConfigMap) and needs no image of its own.
//
//   GET /tools/search_kb?query=...   help-center articles matching the query (the allowed tool)
//   ANY /tools/<name>                any other tool answers too: if governance let a call through
//                                    that it should have blocked, the demo shows it reached here
//   GET /calls                       how many calls each tool received (what the helm test checks)
//   GET /healthz                     200 (probes)

import http from 'node:http';

const ARTICLES = [
  { id: 'KB-101', title: 'Refund policy', url: 'https://help.example.com/kb/101', text: 'Refunds are issued within 14 days of purchase.' },
  { id: 'KB-102', title: 'Changing your plan', url: 'https://help.example.com/kb/102', text: 'Upgrade or downgrade from the billing page.' },
  { id: 'KB-103', title: 'Resetting your password', url: 'https://help.example.com/kb/103', text: 'Use the "Forgot password" link on the sign-in page.' },
];

/** Starts the server; resolves with it once listening. */
export function startMockTools({ port = 8080, host = '0.0.0.0' } = {}) {
  const calls = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock-tools');
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    if (url.pathname === '/healthz') return send(200, { status: 'ok' });
    if (url.pathname === '/calls') return send(200, calls);
    const tool = /^\/tools\/([\w.-]+)$/.exec(url.pathname)?.[1];
    if (!tool) return send(404, { error: `no tool at ${url.pathname}` });
    calls[tool] = (calls[tool] ?? 0) + 1;
    if (tool !== 'search_kb') return send(200, { tool, done: true });
    const words = (url.searchParams.get('query') ?? '').toLowerCase().split(/\W+/).filter(Boolean);
    const limit = Number(url.searchParams.get('limit') ?? 5);
    const results = ARTICLES.filter((article) => words.some((word) => `${article.title} ${article.text}`.toLowerCase().includes(word))).slice(0, limit);
    return send(200, { results });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

// Run as a program (the chart's Deployment): PORT, default 8080; stops on SIGTERM.
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startMockTools({ port: Number(process.env.PORT ?? 8080) });
  process.stdout.write(`mock tools listening on ${JSON.stringify(server.address())}\n`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
