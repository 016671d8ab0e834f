import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os'; import path from 'node:path';
import { startServer } from '../test/bench/processes.ts';
import { runFixedRate } from '../test/bench/fixed-rate.ts';
const ROOT = '/work/main';
const dir = mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const upstream = await startServer([path.join(ROOT, 'test/bench/echo-server.ts')]);
mkdirSync(path.join(dir, 'config'));
writeFileSync(path.join(dir, 'config/gateway.yaml'), `routes:\n  - name: kb\n    match: { path_prefix: /kb }\n    upstream: ${upstream.origin}\n    strip_prefix: true\n    tool: { name: search_kb }\n`);
const mode = process.argv[2] ?? 'kb';
const sc = await startServer(['--cpu-prof', `--cpu-prof-dir=${dir}/p`, path.join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], { LEDGER_PATH: path.join(dir, 'l.db'), POLICIES_DIR: path.join(ROOT, 'policies'), CONFIG_DIR: path.join(dir, 'config'), AGENT_ID: 'support-agent-b', LOG_LEVEL: 'info', SERVICE_ENV: 'test' });
let n = 0;
const r = await runFixedRate(sc.origin, mode === 'kb' ? '/kb' : '/v1/runtime/pre-check', () => JSON.stringify(mode === 'kb' ? { query: 'reset password' } : { agent_id: 'support-agent-1', action: 'search_kb', params: { query: 'x' }, user: 'u', input: '', framework: 'REST' }), { rate: Number(process.argv[3] ?? 400), durationMs: 8000, headers: () => ({ 'x-session-id': `s${n++}` }) });
console.log(r);
console.log('stopping', new Date().toISOString()); await sc.stop(); console.log('stopped', new Date().toISOString()); await upstream.stop();
const file = readdirSync(`${dir}/p`).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(readFileSync(`${dir}/p/${file}`, 'utf8'));
// inclusive time per function name
const byId = new Map(prof.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map<string, number>(); const self = new Map<string, number>();
let total = 0;
prof.samples.forEach((id: number, i: number) => {
  const d = prof.timeDeltas[i] ?? 0; const node: any = byId.get(id);
  if (node.callFrame.functionName === '(idle)') return;
  total += d;
  const key = (n: any) => `${n.callFrame.functionName || 'anon'} ${n.callFrame.url.replace('file:///work/main/', '').replace(/.*node_modules\//, 'nm/')}:${n.callFrame.lineNumber}`;
  self.set(key(node), (self.get(key(node)) ?? 0) + d);
  const seen = new Set<string>();
  for (let cur: any = node; cur; cur = byId.get(parent.get(cur.id)!)) { const k = key(cur); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + d); } }
});
console.log('busy ms', (total / 1000).toFixed(0));
const show = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log(((v / total) * 100).toFixed(1).padStart(5) + '% ' + k));
console.log('--- inclusive'); show(new Map([...incl].filter(([k]) => !k.startsWith('(root)'))), 60);
console.log('--- self'); show(self, 30);
