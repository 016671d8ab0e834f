import http from 'node:http';
const seen: string[] = [];
const proxy = http.createServer((req, res) => { seen.push(`${req.method} ${req.url} host=${req.headers.host}`); res.end('ok'); });
proxy.on('connect', (req, socket) => { seen.push(`CONNECT ${req.url}`); socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n'); });
await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
const port = (proxy.address() as any).port;
const { execFile } = await import('node:child_process');
const child = `
const r1 = await fetch('http://tools.test/a').then(r => r.status).catch(e => 'fetch error ' + e.cause?.message);
const r2 = await new Promise((res) => { const q = (await_import_http()).get('http://tools.test/b', (x) => { x.resume(); res(x.statusCode); }); q.on('error', (e) => res('http error ' + e.message)); });
console.log(r1, r2);
function await_import_http() { return globalThis.__http; }
`;
const script = `import http from 'node:http'; globalThis.__http = http; ${child}`;
const out: any = await new Promise((r) => execFile(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, HTTP_PROXY: `http://127.0.0.1:${port}`, NODE_USE_ENV_PROXY: '1' }, encoding: 'utf8', timeout: 20000 }, (e, stdout, stderr) => r({ stdout, stderr })));
console.log(out.stdout, out.stderr.slice(0, 500));
console.log(seen);
proxy.close();
