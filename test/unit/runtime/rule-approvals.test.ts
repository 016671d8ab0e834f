// CEL `approvals` on the runtime's hot path: the grants are read only when a rule of the stage
// reads `approvals`, and each call of the stage sees the grants that cover it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KillSwitch, ReliabilityCache, Runtime, type PreCheckBody } from '../../../src/runtime/index.ts';
import type { GrantPort } from '../../../src/runtime/oversight-hooks.ts';
import { openSqliteLedger } from '../../../src/ledger/index.ts';
import { loadPolicyBundleSync, type RuleApproval } from '../../../src/policy/index.ts';
import { writeBundle } from '../policy/temp-bundle.ts';

const RULE = `rules:
  - id: unapproved-refund-search
    description: test rule
    when: tool.name == "ping" && size(approvals) == 0
    effect: block
    severity: high
    message: no approval
    mode: enforce
    stages: [STAGES]
`;

const body: PreCheckBody = {
  agent_id: 'demo-1', framework: 'REST', action: 'ping', params: { host: 'a' }, user: 'u', input: 'i', session_id: 's-1',
};

async function runtimeWith(t: import('node:test').TestContext, dir: string, approvals: RuleApproval[]) {
  const ledger = openSqliteLedger({ path: ':memory:' });
  t.after(() => ledger.close());
  const bundle = loadPolicyBundleSync(dir);
  const asked: Array<{ agentId: string; tools: readonly string[]; sessionId: string | null }> = [];
  const grants: GrantPort = {
    consume: async () => undefined,
    standing: async (query) => {
      asked.push({ agentId: query.agentId, tools: query.tools, sessionId: query.sessionId });
      return (call) => approvals.filter((a) => a.tool === call.name);
    },
  };
  const runtime = new Runtime({ ledger, policies: { current: () => bundle }, killSwitch: await KillSwitch.load(ledger), reliability: new ReliabilityCache(ledger), grants });
  return { runtime, asked };
}

const grant: RuleApproval = { id: 'g-1', scope: 'ttl', tool: 'ping', remaining_uses: null, expires_at: null, granted_by: 'user:rita' };

test('no rule reads approvals: the grants are never asked', async (t) => {
  const { runtime, asked } = await runtimeWith(t, writeBundle(t, {}), [grant]);
  await runtime.preCheck(body);
  assert.deepEqual(asked, []);
});

test('a rule of another stage reads approvals: not asked at pre-check', async (t) => {
  const dir = writeBundle(t, { 'rules/approvals.yaml': RULE.replace('STAGES', 'validate') });
  const { runtime, asked } = await runtimeWith(t, dir, []);
  await runtime.preCheck(body);
  assert.deepEqual(asked, []);
});

test('a pre-check rule reads approvals: asked once, for the agent, its tool and session; the covering grant answers the rule', async (t) => {
  const dir = writeBundle(t, { 'rules/approvals.yaml': RULE.replace('STAGES', 'pre_check') });
  const without = await runtimeWith(t, dir, []);
  const blocked = await without.runtime.preCheck(body) as unknown as { decision: { outcome: string; reason: string } };
  assert.equal(blocked.decision.outcome, 'block', blocked.decision.reason);
  assert.deepEqual(without.asked, [{ agentId: 'demo-1', tools: ['ping'], sessionId: 's-1' }]);

  const other = await runtimeWith(t, dir, [{ ...grant, tool: 'send_email' }]);
  assert.equal((await other.runtime.preCheck(body) as unknown as { decision: { outcome: string } }).decision.outcome, 'block');

  const granted = await runtimeWith(t, dir, [grant]);
  const allowed = await granted.runtime.preCheck(body) as unknown as { decision: { outcome: string; reason: string } };
  assert.notEqual(allowed.decision.outcome, 'block', allowed.decision.reason);
});
