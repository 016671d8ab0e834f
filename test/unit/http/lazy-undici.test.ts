// The outbound HTTP client is undici's dispatchers, loaded on first use without undici's index:
// requests go where the URL says, and loading them does not make Node load its own copy of undici
// and the web streams (what the index's cookie helpers did, ~60 ms on the sidecar's event loop).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadUndici, requestUrl } from '../../../src/http/lazy-undici.ts';

test('requestUrl sends to the URL\'s origin its path and query (not its userinfo or fragment), through our dispatcher', async (t) => {
  const seen: Array<{ method?: string; url?: string; authorization?: string; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => { seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body }); res.end('done'); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const { port } = server.address() as AddressInfo;
  const { Agent, Pool } = await loadUndici();
  const agent = new Agent({ connections: 1 });
  t.after(() => agent.close());
  const answer = await requestUrl(agent, `http://user:secret@127.0.0.1:${port}/hooks/a%20b?x=1&y=2#part`, { method: 'POST', body: 'payload' });
  assert.equal(answer.statusCode, 200);
  assert.equal(await answer.body.text(), 'done');
  assert.deepEqual(seen, [{ method: 'POST', url: '/hooks/a%20b?x=1&y=2', authorization: undefined, body: 'payload' }]);
  const pool = new Pool(`http://127.0.0.1:${port}`);
  t.after(() => pool.close());
  const pooled = await pool.request({ method: 'GET', path: '/p' });
  assert.equal(pooled.statusCode, 200, 'a Pool has the request API too');
  await pooled.body.dump();
  await assert.rejects(requestUrl(agent, 'not a url', { method: 'GET' }), TypeError);
});

test('loading the client loads neither Node\'s bundled undici nor the web streams', () => {
  const script = `
    const before = new Set(process.moduleLoadList);
    const { loadUndici } = await import(${JSON.stringify(new URL('../../../src/http/lazy-undici.ts', import.meta.url).href)});
    await loadUndici();
    console.log(JSON.stringify(process.moduleLoadList.filter((name) => !before.has(name))));`;
  const loaded = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
  assert.deepEqual(loaded.filter((name) => /internal\/deps\/undici|webstreams/.test(name)), []);
});
