// The per-session tool-call history sequence rules read, and the runtime's promise that a request
// is decided by one bundle even when a reload lands while it is in flight.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import path from 'node:path';
import { KillSwitch, ReliabilityCache, Runtime, SessionHistory, type PreCheckBody } from '../../../src/runtime/index.ts';
import { openSqliteLedger } from '../../../src/ledger/index.ts';
import { loadPolicyBundleSync, type PolicyBundle, type SessionCall } from '../../../src/policy/index.ts';

const call = (name: string, stage = 'pre_check'): SessionCall => ({ name, params: {}, agent_id: 'a', stage });

describe('SessionHistory', () => {
  test('per session, oldest first, nothing without a session id', () => {
    const history = new SessionHistory();
    history.record('s1', [call('read_inbox')]);
    history.record('s2', [call('search')]);
    history.record('s1', [call('send_email')]);
    assert.deepEqual(history.calls('s1').map((c) => c.name), ['read_inbox', 'send_email']);
    assert.deepEqual(history.calls('s2').map((c) => c.name), ['search']);
    history.record(null, [call('x')]);
    assert.deepEqual(history.calls(null), []);
    assert.deepEqual(history.calls(undefined), []);
  });

  test('bounded: the oldest calls and the least recently used sessions go first', () => {
    const history = new SessionHistory({ maxCallsPerSession: 2, maxSessions: 2 });
    history.record('s1', [call('a'), call('b'), call('c')]);
    assert.deepEqual(history.calls('s1').map((c) => c.name), ['b', 'c']);
    history.record('s2', [call('x')]);
    history.record('s3', [call('y')]);
    assert.deepEqual(history.calls('s1'), [], 's1 was the least recently used');
  });

  test('bounded by bytes: least recently used sessions go first when the calls outgrow the budget', () => {
    const history = new SessionHistory({ maxBytes: 4_000 });
    const big = (name: string): SessionCall => ({ name, params: { body: 'x'.repeat(1_000) }, agent_id: 'a', stage: 'pre_check' });
    history.record('s1', [big('a')]);
    history.record('s2', [big('b')]);
    history.record('s3', [big('c')]);
    assert.equal(history.calls('s1').length, 1, 'three calls of ~1.2 KB fit in 4 KB');
    history.record('s4', [big('d')]);
    assert.deepEqual(history.calls('s2'), [], 's2 was the least recently used (s1 was just read)');
    assert.deepEqual(['s1', 's3', 's4'].map((id) => history.calls(id).length), [1, 1, 1]);
  });

  test('a session that alone outgrows the byte budget keeps its newest calls, the newest always', () => {
    const history = new SessionHistory({ maxBytes: 3_000 });
    const sized = (name: string, chars: number): SessionCall => ({ name, params: { body: 'x'.repeat(chars) }, agent_id: 'a', stage: 'pre_check' });
    history.record('s', [sized('a', 1_000), sized('b', 1_000), sized('c', 1_000)]);
    assert.deepEqual(history.calls('s').map((c) => c.name), ['b', 'c']);
    history.record('s', [sized('huge', 10_000)]);
    assert.deepEqual(history.calls('s').map((c) => c.name), ['huge'], 'kept, though larger than the budget on its own');
  });

  test('property: what the sessions hold never exceeds the byte budget, and the newest call is always kept', () => {
    const maxBytes = 6_000;
    const record = fc.record({ session: fc.integer({ min: 0, max: 6 }), chars: fc.integer({ min: 0, max: 2_500 }) });
    fc.assert(fc.property(fc.array(record, { minLength: 1, maxLength: 60 }), (records) => {
      const history = new SessionHistory({ maxBytes, maxCallsPerSession: 10 });
      records.forEach(({ session, chars }, i) => {
        history.record(`s${session}`, [{ name: `t${i}`, params: { body: 'x'.repeat(chars) }, agent_id: 'a', stage: 'pre_check' }]);
        assert.equal(history.calls(`s${session}`).at(-1)?.name, `t${i}`);
        let held = 0;
        for (let id = 0; id <= 6; id++) for (const call of history.calls(`s${id}`)) held += JSON.stringify(call.params).length;
        assert.ok(held <= maxBytes, `${held} bytes of params held, budget ${maxBytes}`);
      });
    }));
  });

  test('a pre-check call is recorded once, and its post-check sees only the calls before it', () => {
    const history = new SessionHistory();
    history.record('s', [call('read_inbox')]);
    history.record('s', [call('send_email')], 'env-1');
    history.record('s', [call('send_email', 'post_check')], 'env-1');
    assert.deepEqual(history.calls('s').map((c) => c.name), ['read_inbox', 'send_email']);
    assert.deepEqual(history.calls('s', 'env-1').map((c) => c.name), ['read_inbox']);
    assert.deepEqual(history.calls('s', 'unknown').map((c) => c.name), ['read_inbox', 'send_email']);
  });

  test('a copy is handed out: changing it changes nothing', () => {
    const history = new SessionHistory();
    history.record('s', [call('a')]);
    history.calls('s').push(call('b'));
    assert.equal(history.calls('s').length, 1);
  });
});

test('a request keeps the bundle it started with when a reload lands mid-flight', async (t) => {
  const ledger = openSqliteLedger({ path: ':memory:' });
  t.after(() => ledger.close());
  const sample = loadPolicyBundleSync(path.join(import.meta.dirname, '../../../policies'));
  const reloaded: PolicyBundle = { ...sample, version: 'pol-reloaded0000' };
  let current = sample;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  const real = new ReliabilityCache(ledger);
  // The reliability lookup is the request's first await: the reload lands while it waits.
  const reliability = {
    reliability: async (agent: string, now: number) => { await gate; return real.reliability(agent, now); },
    record: (...args: Parameters<ReliabilityCache['record']>) => real.record(...args),
  } as unknown as ReliabilityCache;
  const runtime = new Runtime({ ledger, policies: { current: () => current }, killSwitch: await KillSwitch.load(ledger), reliability });
  const body: PreCheckBody = {
    agent_id: 'payments-agent-1', framework: 'REST', action: 'invoicepay.get_invoice', params: { invoice_id: 'INV-20260042' }, user: 'u', input: 'i',
  };
  const inFlight = runtime.preCheck(body);
  current = reloaded;
  release();
  const response = await inFlight as unknown as { decision: { policy_version: string }; envelope_id: string; governance_disclosure: string };
  assert.equal(response.decision.policy_version, sample.version);
  assert.match(response.governance_disclosure, new RegExp(sample.version));
  assert.equal((await ledger.get(response.envelope_id))?.policy_version, sample.version);
  const next = await runtime.preCheck(body) as unknown as { decision: { policy_version: string } };
  assert.equal(next.decision.policy_version, 'pol-reloaded0000');
});
