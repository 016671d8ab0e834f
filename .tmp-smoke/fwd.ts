import http from 'node:http';
import { execFile } from 'node:child_process';
import { startTestGateway } from '../test/helpers/gateway.ts';
const hits: string[] = [];
const up = http.createServer((req, res) => { let b=''; req.on('data', c => b+=c); req.on('end', () => { hits.push(`${req.method} ${req.url} ${b}`); res.writeHead(200, {'content-type':'application/json'}); res.end(JSON.stringify({ results: [{ title: 'ok' }] })); }); });
await new Promise<void>((r) => up.listen(0, '127.0.0.1', r));
const port = (up.address() as any).port;
const g = await startTestGateway(undefined, { agentId: 'support-agent-1', gatewayYaml: `
connect:
  allow: ["127.0.0.1:${port}"]
routes:
  - name: kb
    match: { host: kb.test }
    upstream: http://127.0.0.1:${port}
    tool: { name: search_kb }
` });
const script = `
const body = JSON.stringify({ query: 'reset' });
const a = await fetch('http://kb.test/search', { method: 'POST', body, headers: { 'content-type': 'application/json' } }).then(async r => r.status + ' ' + await r.text()).catch(e => 'fetch error ' + (e.cause?.message ?? e.message));
const b = await fetch('http://kb.test/search', { method: 'POST', body: JSON.stringify({ nope: 1 }), headers: { 'content-type': 'application/json' } }).then(async r => r.status + ' ' + (await r.text()).slice(0, 80)).catch(e => 'fetch error ' + (e.cause?.message ?? e.message));
const http = await import('node:http');
const c = await new Promise((res) => { const q = http.request('http://kb.test/search', { method: 'POST', headers: { 'content-type': 'application/json' } }, (x) => { let t=''; x.on('data', d => t+=d); x.on('end', () => res(x.statusCode + ' ' + t)); }); q.on('error', e => res('err ' + e.message)); q.end(body); });
const d = await fetch('http://evil.test/x').then(r => r.status).catch(e => 'fetch error ' + (e.cause?.message ?? e.message));
console.log(JSON.stringify({ a, b, c, d }, null, 1));
`;
const out: any = await new Promise((r) => execFile(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, HTTP_PROXY: g.url, NODE_USE_ENV_PROXY: '1' }, encoding: 'utf8', timeout: 20000 }, (e, stdout, stderr) => r({ stdout, stderr: String(e) + stderr })));
console.log(out.stdout, out.stderr.slice(0, 800));
console.log(hits);
const rows = await g.ledger.list({ limit: 20, offset: 0 });
console.log(rows.rows.map((x) => [x.kind, x.action, x.outcome]));
await g.close(); up.close();
