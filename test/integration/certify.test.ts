// Agent certification end to end: criteria over the agent's real ledger history, a suite replayed
// as dry runs, certificates verified against the published JWKS (and by the CLI, online and
// offline), revocation, and a CEL rule that escalates calls of uncertified agents.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { verifyCertificate } from '../../src/certify/index.ts';

const CERTIFICATION_YAML = `
criteria:
  min_calls: 3
  max_block_rate: 0.2
  max_escalation_rate: 0.5
  critical_failure_window: 7d
  min_reliability: 50
  history_window: 30d
  validity: 10d
`;
const CERTIFIED_RULE = `
rules:
  - id: uncertified-support-agents-escalate
    description: Support agents without a certificate for this policy go to a person.
    when: agent.catalog == "support-agent" && !agent.certified
    effect: escalate
    severity: medium
    message: The agent holds no certificate for the policy in force.
    mode: enforce
    stages: [validate]
`;

function bundleDir(t: TestContext, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-certify-policies-'));
  cpSync(path.join(REPO_ROOT, 'policies'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'certification.yaml'), CERTIFICATION_YAML);
  for (const [name, text] of Object.entries(extra)) writeFileSync(path.join(dir, name), text);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function gatewayWith(t: TestContext, env: Record<string, string> = {}, extra: Record<string, string> = {}): Promise<TestGateway> {
  return startTestGateway(t, { env: { POLICIES_DIR: bundleDir(t, extra), ...env } });
}

async function policyVersion(gateway: TestGateway): Promise<string> {
  return (await gateway.call('GET', '/health')).body.policy_version;
}

async function history(gateway: TestGateway, agentId: string, calls: number): Promise<void> {
  for (let i = 0; i < calls; i += 1) {
    const result = await gateway.call('POST', '/v1/runtime/validate', validateBody({ agent_id: agentId }));
    assert.equal(result.status, 200);
  }
}

function govgate(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), ...args], { cwd: REPO_ROOT, env: { ...inherited, SERVICE_ENV: 'test', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }));
  });
}

test('an agent with enough good history passes: a certificate that verifies against the JWKS, shown as current', async (t) => {
  const gateway = await gatewayWith(t);
  await history(gateway, 'support-agent-7', 3);
  const version = await policyVersion(gateway);
  const result = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-7', policy_version: version });
  assert.equal(result.status, 200, result.text);
  assert.equal(result.body.passed, true);
  assert.deepEqual(result.body.criteria.map((c: any) => [c.name, c.passed]), [
    ['min_calls', true], ['block_rate', true], ['escalation_rate', true], ['no_critical_failures', true], ['reliability', true], ['suite', true],
  ]);
  assert.equal(result.body.figures.calls, 3);
  const jwks = (await gateway.call('GET', '/v1/certify/jwks')).body;
  assert.deepEqual((await gateway.call('GET', '/.well-known/jwks.json')).body, jwks);
  const check = await verifyCertificate(result.body.certificate, jwks);
  assert.equal(check.status, 'valid');
  assert.equal(check.status === 'valid' && check.claims.sub, 'support-agent-7');
  assert.equal(check.status === 'valid' && check.claims.policy_version, version);
  const agent = await gateway.call('GET', '/v1/certify/agents/support-agent-7');
  assert.equal(agent.body.certified, true);
  assert.equal(agent.body.current.envelope_id, result.body.envelope_id);
  const row = await gateway.call('GET', `/v1/audit/executions/${result.body.envelope_id}`);
  assert.equal(row.body.kind, 'certification');
});

test('too little history fails min_calls, with the figures, and issues no certificate', async (t) => {
  const gateway = await gatewayWith(t);
  await history(gateway, 'support-agent-8', 1);
  const result = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-8', policy_version: await policyVersion(gateway) });
  assert.equal(result.body.passed, false);
  const minCalls = result.body.criteria.find((c: any) => c.name === 'min_calls');
  assert.deepEqual([minCalls.passed, minCalls.actual, minCalls.threshold], [false, 1, 3]);
  assert.equal(result.body.certificate, null);
  assert.equal((await gateway.call('GET', '/v1/certify/agents/support-agent-8')).body.certified, false);
});

test('a suite case that does not give its expected outcome fails the suite criterion', async (t) => {
  const gateway = await gatewayWith(t);
  await history(gateway, 'support-agent-9', 3);
  const suite = {
    cases: [
      { name: 'a plain lookup is approved', validate: validateBody({ agent_id: 'support-agent-9' }), expect: { outcome: 'approve' } },
      { name: 'wrongly expected block', validate: validateBody({ agent_id: 'support-agent-9' }), expect: { outcome: 'block' } },
    ],
  };
  const result = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-9', policy_version: await policyVersion(gateway), suite });
  const criterion = result.body.criteria.find((c: any) => c.name === 'suite');
  assert.deepEqual([criterion.passed, criterion.actual, criterion.threshold], [false, 1, 2]);
  assert.equal(result.body.figures.suite_failures[0].name, 'wrongly expected block');
  assert.equal(result.body.passed, false);
});

test('bad requests: another policy version 409, a malformed suite 422, tiers 402 and 403', async (t) => {
  const gateway = await gatewayWith(t);
  const stale = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-1', policy_version: 'pol-000000000000' });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.code, 'POLICY_VERSION_MISMATCH');
  assert.equal(stale.body.policy_version_in_force, await policyVersion(gateway));
  const badSuite = await gateway.call('POST', '/v1/certify/agent', {
    agent_id: 'support-agent-1', policy_version: await policyVersion(gateway), suite: { cases: [{ name: 'no subject', expect: { outcome: 'approve' } }] },
  });
  assert.equal(badSuite.status, 422);
  assert.equal(badSuite.body.code, 'VALIDATION_FAILED');
  const badAgent = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'not an id', policy_version: 'x' });
  assert.equal(badAgent.status, 422);
  const team = await gatewayWith(t, { DEFAULT_TIER: 'team' });
  assert.equal((await team.call('POST', '/v1/certify/agent', { agent_id: 'a', policy_version: 'x' })).status, 402);
  assert.equal((await team.call('GET', '/v1/certify/agents/a')).status, 200);
  const developer = await gatewayWith(t, { DEFAULT_TIER: 'developer' });
  assert.equal((await developer.call('GET', '/v1/certify/agents/a')).status, 403);
  assert.equal((await developer.call('GET', '/v1/certify/jwks')).status, 200);
  assert.equal((await gateway.call('POST', '/v1/certify/agents/nobody/revocation', { reason: 'x' })).status, 404);
  assert.equal((await gateway.call('GET', '/v1/certify/certificates/not-a-uuid/status')).status, 404);
});

test('revocation: a ledger row, the agent is no longer certified, and online verification reports it', async (t) => {
  const gateway = await gatewayWith(t);
  await history(gateway, 'support-agent-3', 3);
  const issued = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-3', policy_version: await policyVersion(gateway) });
  const file = path.join(gateway.dir, 'cert.jws');
  writeFileSync(file, issued.body.certificate);
  const online = await govgate(['certify', 'verify', file, '--jwks', `${gateway.url}/v1/certify/jwks`, '--json'], {});
  assert.equal(online.code, 0, online.stderr);
  assert.equal(JSON.parse(online.stdout).revocation, 'not revoked');

  const revoked = await gateway.call('POST', '/v1/certify/agents/support-agent-3/revocation', { reason: 'incident 42' });
  assert.equal(revoked.status, 200, revoked.text);
  assert.equal(revoked.body.revoked_envelope_id, issued.body.envelope_id);
  const agent = await gateway.call('GET', '/v1/certify/agents/support-agent-3');
  assert.equal(agent.body.certified, false);
  assert.equal(agent.body.history[0].revoked, true);
  const after = await govgate(['certify', 'verify', file, '--jwks', `${gateway.url}/v1/certify/jwks`, '--json'], {});
  assert.equal(after.code, 1);
  assert.equal(JSON.parse(after.stdout).status, 'revoked');
  assert.equal(JSON.parse(after.stdout).revocation.reason, 'incident 42');

  // Offline, from a JWKS file: the signature holds, revocation cannot be known.
  const jwksFile = path.join(gateway.dir, 'jwks.json');
  writeFileSync(jwksFile, JSON.stringify((await gateway.call('GET', '/v1/certify/jwks')).body));
  const offline = await govgate(['certify', 'verify', file, '--jwks', jwksFile, '--json'], {});
  assert.equal(offline.code, 0);
  assert.match(JSON.parse(offline.stdout).revocation, /not checked/);
});

test('a CEL rule escalates an uncertified agent; once certified, the same call is approved', async (t) => {
  const gateway = await gatewayWith(t, {}, { 'rules__certified.yaml': CERTIFIED_RULE });
  // History from pre-checks, which the validate-only rule leaves alone.
  for (let i = 0; i < 3; i += 1) {
    const pre = await gateway.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'support-agent-5', action: 'search_kb', params: { query: 'ticket status' } }));
    assert.equal(pre.body.decision.outcome, 'approve', pre.body.decision.reason);
  }
  const dryRun = (context?: Record<string, unknown>) => gateway.call('POST', '/v1/policy/evaluate', { validate: validateBody({ agent_id: 'support-agent-5' }), ...(context ? { context } : {}) });
  const dryBefore = await dryRun();
  assert.equal(dryBefore.body.outcome, 'escalate', 'the dry run sees the agent uncertified, as the live decision does');
  assert.deepEqual(dryBefore.body.rules_fired.map((r: { rule_id: string }) => r.rule_id), ['uncertified-support-agents-escalate']);
  const before = await gateway.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-5' }));
  assert.equal(before.body.decision.outcome, 'escalate');
  assert.match(before.body.decision.reason, /uncertified-support-agents-escalate/);
  const issued = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-5', policy_version: await policyVersion(gateway) });
  assert.equal(issued.body.passed, true, JSON.stringify(issued.body.criteria));
  const after = await gateway.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-5' }));
  assert.equal(after.body.decision.outcome, 'approve');
  const dryAfter = await dryRun();
  assert.equal(dryAfter.body.outcome, 'approve', 'the dry run sees the certificate (issue 16: it used to see certified=false always)');
  assert.deepEqual(dryAfter.body.rules_fired, []);
  const stated = await dryRun({ agent_certified: false });
  assert.equal(stated.body.outcome, 'escalate', 'a stated agent_certified wins over the live state');
  const badContext = await dryRun({ agent_certified: 'yes' });
  assert.equal(badContext.status, 422);
});

test('blocks by the kill switch are the operator\'s, not the agent\'s: they count neither as calls nor as blocks', async (t) => {
  const gateway = await gatewayWith(t);
  await history(gateway, 'support-agent-11', 3);
  await gateway.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill', actor: 'sre-alice' });
  for (let i = 0; i < 3; i += 1) {
    const blocked = await gateway.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'support-agent-11', action: 'search_kb', params: { query: 'ticket status' } }));
    assert.equal(blocked.body.decision.outcome, 'block');
  }
  await gateway.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'drill over', actor: 'sre-alice' });
  const result = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-11', policy_version: await policyVersion(gateway) });
  assert.equal(result.status, 200, result.text);
  assert.equal(result.body.passed, true, JSON.stringify(result.body.criteria));
  assert.deepEqual([result.body.figures.calls, result.body.figures.blocked, result.body.figures.critical_blocks], [3, 0, 0]);
});

test('a suite case that names another agent is refused (422 SUITE_AGENT_MISMATCH, the case named), and nothing is certified', async (t) => {
  const gateway = await gatewayWith(t);
  await history(gateway, 'support-agent-12', 3);
  const suite = {
    cases: [
      { name: 'its own lookup', validate: validateBody({ agent_id: 'support-agent-12' }), expect: { outcome: 'approve' } },
      { name: 'a lookup by a better-behaved agent', validate: validateBody({ agent_id: 'support-agent-13' }), expect: { outcome: 'approve' } },
      { name: 'a search by it too', pre_check: preCheckBody({ agent_id: 'support-agent-13', action: 'search_kb', params: { query: 'x' } }), expect: { outcome: 'approve' } },
    ],
  };
  const result = await gateway.call('POST', '/v1/certify/agent', { agent_id: 'support-agent-12', policy_version: await policyVersion(gateway), suite });
  assert.equal(result.status, 422, result.text);
  assert.match(result.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal(result.body.code, 'SUITE_AGENT_MISMATCH');
  assert.match(result.body.detail, /a lookup by a better-behaved agent/);
  assert.deepEqual(result.body.errors.map((e: { path: string }) => e.path), ['suite.cases[1].validate.agent_id', 'suite.cases[2].pre_check.agent_id']);
  assert.equal((await gateway.call('GET', '/v1/certify/agents/support-agent-12')).body.history.length, 0);
});
