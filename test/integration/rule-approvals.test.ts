// CEL `approvals`: policy rules see the active approval grants that cover the call (read, never
// used), live on pre-checks and in the policy dry run, and as a test case's stated context.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';

const CATALOG = `
id: treasury-agent
description: Moves money between own accounts.
agents: ["treasury-*"]
defaults: { action_severity: 10, business_impact: 10 }
accepts_handoff_from: []
max_chain_depth: 1
tools:
  transfer:
    description: Moves an amount between two own accounts.
    action_severity: 10
    business_impact: 10
  balance:
    description: Reads a balance.
    action_severity: 5
    business_impact: 5
`;

const RULES = `
rules:
  - id: large-transfer-needs-approval
    description: A large transfer goes to a person unless one approved such transfers ahead of time.
    when: size(approvals) == 0 && params.amount > 5000
    effect: escalate
    severity: medium
    message: A transfer above 5,000 without a standing approval.
    mode: enforce
    stages: [pre_check]
  - id: approval-by-rita-seen
    description: Shadow check of the fields a rule reads.
    when: approvals.exists(a, a.granted_by == "user:rita" && a.scope == "count" && a.remaining_uses == 2 && a.tool == tool.name && a.expires_at != null)
    effect: escalate
    severity: low
    message: A count grant from rita with two uses left covers this call.
    mode: shadow
    stages: [pre_check]
`;

function bundle(t: TestContext): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-rule-approvals-'));
  mkdirSync(path.join(dir, 'catalog'));
  mkdirSync(path.join(dir, 'rules'));
  writeFileSync(path.join(dir, 'decision.yaml'), readFileSync(path.join(REPO_ROOT, 'policies/decision.yaml'), 'utf8'));
  writeFileSync(path.join(dir, 'sensitive-data.yaml'), readFileSync(path.join(REPO_ROOT, 'policies/sensitive-data.yaml'), 'utf8'));
  writeFileSync(path.join(dir, 'catalog/treasury-agent.yaml'), CATALOG);
  writeFileSync(path.join(dir, 'rules/approvals.yaml'), RULES);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const transfer = (amount: number, action = 'transfer') => ({
  agent_id: 'treasury-agent-1', framework: 'REST', action, params: { amount, from: 'ops', to: 'reserve' },
  user: 'cfo', input: 'Move the money', model: 'gpt-4o',
});

async function preCheck(gw: TestGateway, body: Record<string, unknown>) {
  const res = await gw.call('POST', '/v1/runtime/pre-check', body);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function grantCount(gw: TestGateway, tool: string) {
  const res = await gw.call('POST', '/v1/approvals', { agent_id: 'treasury-agent-1', tool, grant: { scope: 'count', count: 2 }, note: 'quarter close', reviewer_id: 'user:rita' });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

async function grantsOf(gw: TestGateway): Promise<Array<{ id: string; uses: number; active: boolean }>> {
  const res = await gw.call('GET', '/v1/approvals?agent_id=treasury-agent-1');
  assert.equal(res.status, 200, res.text);
  return res.body.items.map((g: { id: string; uses: number; active: boolean }) => ({ id: g.id, uses: g.uses, active: g.active }));
}

test('a rule reading approvals escalates without a grant and stops once a covering grant exists; reading uses none', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: bundle(t) } });
  const before = await preCheck(gw, transfer(7500));
  assert.equal(before.decision.outcome, 'escalate', before.decision.reason);
  assert.match(before.decision.reason, /large-transfer-needs-approval/);
  assert.equal((await preCheck(gw, transfer(100))).decision.outcome, 'approve');

  // A grant for another tool covers nothing here.
  await grantCount(gw, 'balance');
  assert.equal((await preCheck(gw, transfer(7500))).decision.outcome, 'escalate');

  const given = await grantCount(gw, 'transfer');
  assert.equal(given.granted_by, 'user:rita');
  for (let i = 0; i < 3; i += 1) {
    const after = await preCheck(gw, transfer(7500));
    assert.equal(after.decision.outcome, 'approve', after.decision.reason);
    assert.notEqual(after.decision.decided_by, 'approval_grant');
  }
  // The rule read the grant; it never used it (only an escalation a grant answers does).
  const read = await grantsOf(gw);
  assert.deepEqual(read.find((g) => g.id === given.id), { id: given.id, uses: 0, active: true });

  const revoked = await gw.call('DELETE', `/v1/approvals/${given.id}`, { reviewer_id: 'user:rita', note: 'done' });
  assert.equal(revoked.status, 200, revoked.text);
  assert.equal((await preCheck(gw, transfer(7500))).decision.outcome, 'escalate');
});

test('the policy dry run sees the live grants, or the approvals the context states', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: bundle(t) } });
  const dry = async (context?: Record<string, unknown>) => {
    const res = await gw.call('POST', '/v1/policy/evaluate', { pre_check: transfer(7500), ...(context ? { context } : {}) });
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  assert.equal((await dry()).outcome, 'escalate');
  await grantCount(gw, 'transfer');
  const live = await dry();
  assert.equal(live.outcome, 'approve');
  assert.deepEqual(live.shadow_matches.map((m: { rule_id: string }) => m.rule_id), ['approval-by-rita-seen']);
  // Stated approvals replace the live ones: none stated, none seen.
  assert.equal((await dry({ approvals: [] })).outcome, 'escalate');
  assert.equal((await dry({ approvals: [{ tool: 'balance' }] })).outcome, 'escalate');
  const stated = await dry({ approvals: [{ tool: 'transfer', scope: 'count', remaining_uses: 2, granted_by: 'user:rita', expires_at: '2030-01-01T00:00:00Z' }] });
  assert.equal(stated.outcome, 'approve');
  assert.deepEqual(stated.shadow_matches.map((m: { rule_id: string }) => m.rule_id), ['approval-by-rita-seen']);
  // Still unused by any of it.
  const grants = await grantsOf(gw);
  assert.equal(grants.length, 1);
  assert.equal(grants[0].uses, 0);

  const bad = await gw.call('POST', '/v1/policy/evaluate', { pre_check: transfer(7500), context: { approvals: [{ remaining_uses: 'two' }] } });
  assert.equal(bad.status, 422, bad.text);
});

test('approvals honour each grant scope: a once grant covers only its exact arguments, a session grant only its session', async (t) => {
  const gw = await startTestGateway(t, { env: { POLICIES_DIR: bundle(t) } });
  const give = async (grant: Record<string, unknown>, args?: Record<string, unknown>) => {
    const res = await gw.call('POST', '/v1/approvals', { agent_id: 'treasury-agent-1', tool: 'transfer', grant, note: 'n', reviewer_id: 'user:rita', ...(args ? { arguments: args } : {}) });
    assert.equal(res.status, 201, res.text);
  };
  await give({ scope: 'once' }, transfer(7500).params);
  assert.equal((await preCheck(gw, transfer(7500))).decision.outcome, 'approve');
  assert.equal((await preCheck(gw, transfer(8000))).decision.outcome, 'escalate');
  await give({ scope: 'session', session_id: 'close-q4' });
  assert.equal((await preCheck(gw, { ...transfer(8000), session_id: 'close-q3' })).decision.outcome, 'escalate');
  assert.equal((await preCheck(gw, { ...transfer(8000), session_id: 'close-q4' })).decision.outcome, 'approve');
});
