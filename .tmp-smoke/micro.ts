import { mkdtempSync } from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { loadPolicyBundle } from '../src/policy/index.ts';
import { openSqliteLedger } from '../src/ledger/index.ts';
import { KillSwitch, ReliabilityCache, Runtime, guardLedger } from '../src/runtime/index.ts';
import { evaluate } from '../src/governance/index.ts';
const bundle = await loadPolicyBundle('/work/main/policies');
const kind = process.argv[2] ?? 'file';
const store = openSqliteLedger({ path: kind === 'file' ? path.join(mkdtempSync(path.join(os.tmpdir(), 'm-')), 'l.db') : ':memory:' });
const ledger = guardLedger(store);
const runtime = new Runtime({ ledger, policies: { current: () => bundle }, killSwitch: await KillSwitch.load(ledger), reliability: new ReliabilityCache(ledger) });
const body = (i: number) => ({ agent_id: 'support-agent-1', framework: 'REST' as const, action: 'search_kb', params: { query: 'reset password ' + i }, user: 'unknown', input: '', model: 'unknown', session_id: 's' + i });
async function one(i: number) {
  const pre = await runtime.preCheck(body(i), { priorSessionCalls: 0, record: { route: 'kb' } });
  await runtime.postCheck({ pre_check_envelope_id: pre.envelope_id, execution: { model: 'unknown', latency_ms: 1 }, output: { ok: true, agent_id: null } }, { record: { route: 'kb', upstream_status: 200 } });
}
for (let i = 0; i < 500; i++) await one(i);
// sequential
let t = performance.now(); const N = 2000;
let cpu0 = process.cpuUsage();
for (let i = 0; i < N; i++) await one(i);
let el = performance.now() - t; let cpu = process.cpuUsage(cpu0);
console.log(kind, 'sequential pre+post', (el / N).toFixed(3), 'ms wall each; main-thread-ish cpu', ((cpu.user + cpu.system) / 1000 / N).toFixed(3), 'ms each (process cpu incl worker)');
// concurrent 32
t = performance.now(); cpu0 = process.cpuUsage();
let next = 0; await Promise.all(Array.from({ length: 32 }, async () => { while (next < N) await one(next++); }));
el = performance.now() - t; cpu = process.cpuUsage(cpu0);
console.log(kind, 'concurrent32', (N / el * 1000).toFixed(0), 'pairs/s; cpu', ((cpu.user + cpu.system) / 1000 / N).toFixed(3), 'ms each');
// pure evaluate cost
const ctx = { bundle, agentPolicy: bundle.resolveAgent('support-agent-1'), killSwitchActive: false, historicalReliability: 90, judgeScore: null, now: Date.now(), priorSessionCalls: 0 };
t = performance.now();
for (let i = 0; i < N; i++) evaluate({ stage: 'pre_check', agentId: 'support-agent-1', framework: 'REST', request: { user: 'u', input: '' }, proposedAction: { name: 'search_kb', params: { query: 'x' + i } } }, ctx as any);
console.log('evaluate pre', ((performance.now() - t) / N).toFixed(3), 'ms');
t = performance.now();
for (let i = 0; i < N; i++) evaluate({ stage: 'post_check', agentId: 'support-agent-1', framework: 'REST', request: { user: 'u', input: '' }, execution: { model: 'm', toolsCalled: [{ name: 'search_kb', params: { query: 'x' } }], toolResults: [{ value: { ok: true }, isError: false }], latencyMs: 1 }, output: { ok: true, agent_id: null } }, { ...ctx, preCheck: { envelopeId: 'x', outcome: 'approve' } } as any);
console.log('evaluate post', ((performance.now() - t) / N).toFixed(3), 'ms');
await store.close();
