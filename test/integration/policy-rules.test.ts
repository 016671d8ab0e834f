// CEL rules on a running gateway: the sequence rule across two requests of one session, rule ids
// in the response and the ledger row, shadow matches in the metric, hot reload of policies/ (good
// edit applied, bad edit rejected with /health and the metric saying so), and the dry-run API.
// Reload tests wait for the published reload event, never for a timer.

import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { issueKey } from '../helpers/credentials.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';
import { CONFIG_RELOAD_CHANNEL, type ConfigReloadEvent } from '../../src/config/index.ts';
import { responseErrors } from '../../src/schemas/index.ts';

const RULE = 'no-external-email-after-inbox-read';
const email = (to: string, session = 'chat-1') => preCheckBody({
  agent_id: 'support-agent-1', action: 'send_email', params: { to, subject: 'Notes', body: 'Hello' }, session_id: session,
});
const readInbox = (session = 'chat-1') => preCheckBody({ agent_id: 'support-agent-1', action: 'read_inbox', params: { folder: 'inbox' }, session_id: session });

function policiesCopy(t: TestContext): { dir: string; edit(rel: string, text: string): Promise<ConfigReloadEvent> } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'govgate-policies-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const dir = path.join(root, 'policies');
  cpSync(path.join(REPO_ROOT, 'policies'), dir, { recursive: true });
  return {
    dir,
    edit(rel, text) {
      const reloaded = new Promise<ConfigReloadEvent>((resolve) => {
        const listener = (message: unknown) => {
          if ((message as ConfigReloadEvent).path !== dir) return;
          diagnostics_channel.unsubscribe(CONFIG_RELOAD_CHANNEL, listener);
          resolve(message as ConfigReloadEvent);
        };
        diagnostics_channel.subscribe(CONFIG_RELOAD_CHANNEL, listener);
      });
      const file = path.join(dir, rel);
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
      return reloaded;
    },
  };
}

const metric = async (gw: TestGateway, pattern: RegExp) => (await gw.call('GET', '/metrics')).text.match(pattern)?.[1];

describe('sequence rules across the requests of a session', () => {
  test('an external email after reading the inbox in the same session is blocked, with the rule in failures and the ledger', async (t) => {
    const gw = await startTestGateway(t);
    const before = Number(await metric(gw, /^policy_shadow_matches_total\{rule="external-email-review"\} (\d+)$/m) ?? 0);
    const fresh = await gw.call('POST', '/v1/runtime/pre-check', email('drop@evil.example', 'chat-other'));
    assert.notEqual(fresh.body.decision.outcome, 'block', 'no inbox read in that session yet');

    assert.equal((await gw.call('POST', '/v1/runtime/pre-check', readInbox())).body.decision.outcome, 'approve');
    const res = await gw.call('POST', '/v1/runtime/pre-check', email('drop@evil.example'));
    assert.equal(res.status, 200);
    assert.deepEqual(responseErrors('PreCheckResponse', res.body), []);
    assert.equal(res.body.decision.outcome, 'block');
    assert.match(res.body.decision.reason, new RegExp(`^Blocked by policy rule ${RULE}: `));
    const failures = res.body.validation.failures.filter((f: { rule_id?: string }) => f.rule_id);
    assert.deepEqual(failures.map((f: any) => [f.code, f.rule_id, f.effect, f.shadow]), [
      ['POLICY_RULE_BLOCK', RULE, 'block', false],
      ['POLICY_RULE_ESCALATE', 'external-email-review', 'escalate', true],
    ]);

    const row = await gw.ledger.get(res.body.envelope_id);
    assert.ok(row?.payload);
    assert.deepEqual((row.payload.policy_rules as any).fired.map((f: any) => f.rule_id), [RULE, 'external-email-review']);
    assert.deepEqual((row.payload.session_history as any[]).map((c) => c.name), ['read_inbox']);
    assert.equal(row.policy_version, res.body.decision.policy_version);
    const after = Number(await metric(gw, /^policy_shadow_matches_total\{rule="external-email-review"\} (\d+)$/m));
    assert.equal(after - before, 2, 'both external emails counted as shadow matches');
    assert.ok(Number(await metric(gw, new RegExp(`^policy_rule_matches_total\\{rule="${RULE}",effect="block"\\} (\\d+)$`, 'm'))) >= 1);

    const rerun = await gw.call('POST', `/v1/runtime/decision/${res.body.envelope_id}`);
    assert.equal(rerun.body.decision.outcome, 'block', 'a re-run sees the session history stored with the row');
  });

  test('each row stores the calls since the last one, and a re-run rebuilds the whole history (410 once part of it expired)', async (t) => {
    const gw = await startTestGateway(t);
    const reads: string[] = [];
    for (let i = 0; i < 4; i++) {
      const read = await gw.call('POST', '/v1/runtime/pre-check', readInbox('chat-long'));
      assert.equal(read.body.decision.outcome, 'approve');
      reads.push(read.body.envelope_id);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct created_at, for the expiry below
    }
    const blocked = await gw.call('POST', '/v1/runtime/pre-check', email('drop@evil.example', 'chat-long'));
    assert.equal(blocked.body.decision.outcome, 'block');

    const stored = async (id: string) => (await gw.ledger.get(id))!.payload!.session_history;
    assert.equal(await stored(reads[0]), undefined, 'the first call saw no history');
    assert.deepEqual((await stored(reads[1]) as any[]).map((c) => c.name), ['read_inbox'], 'nothing earlier to refer to: stored whole');
    assert.deepEqual(await stored(reads[2]), { from: reads[1], skip: 0, keep: 1, calls: [{ name: 'read_inbox', params: { folder: 'inbox' }, agent_id: 'support-agent-1', stage: 'pre_check' }] });
    const last = await stored(blocked.body.envelope_id) as { from: string; skip: number; keep: number; calls: unknown[] };
    assert.deepEqual([last.from, last.skip, last.keep, last.calls.length], [reads[3], 0, 3, 1], 'each call is written once');

    const rerun = await gw.call('POST', `/v1/runtime/decision/${blocked.body.envelope_id}`);
    assert.equal(rerun.body.decision.outcome, 'block', 'the rebuilt history blocks as the live one did');
    assert.deepEqual(await stored(rerun.body.envelope_id), { from: blocked.body.envelope_id, skip: 0, keep: 4, calls: [] }, 'a re-run refers to the history of its source');
    const evaluated = await gw.call('POST', '/v1/policy/evaluate', { envelope_id: blocked.body.envelope_id });
    assert.equal(evaluated.status, 200);
    assert.equal(evaluated.body.decision.outcome, 'block');

    // Payload retention takes the row holding the first call: the history cannot be rebuilt, and saying so beats deciding without it.
    assert.equal(await gw.ledger.expirePayloads((await gw.ledger.get(reads[2]))!.created_at), 2);
    for (const res of [
      await gw.call('POST', `/v1/runtime/decision/${blocked.body.envelope_id}`),
      await gw.call('POST', '/v1/policy/evaluate', { envelope_id: blocked.body.envelope_id }),
    ]) {
      assert.equal(res.status, 410, JSON.stringify(res.body));
      assert.equal(res.body.code, 'PAYLOAD_UNAVAILABLE');
      assert.match(res.body.detail, new RegExp(`recorded through envelope ${reads[1]}, which has no payload any more`));
    }
  });

  test('validate: the sequence inside one execution, and the session carried to the next request', async (t) => {
    const gw = await startTestGateway(t);
    const body = validateBody({
      request: { user: 'customer-42', input: 'check my inbox', session_id: 'chat-9' },
      execution: { model: 'gpt-4o', tools_called: [{ name: 'read_inbox', arguments: { folder: 'inbox' } }], tool_results: [{ messages: 2 }], latency_ms: 10, tokens: 5 },
      output: { answer: 'You have 2 messages.' },
    });
    assert.notEqual((await gw.call('POST', '/v1/runtime/validate', body)).body.decision.outcome, 'block');
    const next = await gw.call('POST', '/v1/runtime/pre-check', email('drop@evil.example', 'chat-9'));
    assert.equal(next.body.decision.outcome, 'block');
  });
});

describe('hot reload of policies/', () => {
  test('a good edit applies to the next request; a bad one is rejected and the last good bundle stays', async (t) => {
    const policies = policiesCopy(t);
    const gw = await startTestGateway(t, { env: { POLICIES_DIR: policies.dir } });
    const first = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
    assert.equal(first.body.decision.outcome, 'approve');
    const version1 = first.body.decision.policy_version;

    const blockAll = `rules:\n  - id: freeze-payments\n    description: Payments are frozen.\n    when: tool.name == "invoicepay.create_payment"\n    effect: block\n    severity: high\n    message: Payments are frozen during the audit.\n    mode: enforce\n`;
    const applied = await policies.edit('rules/freeze.yaml', blockAll);
    assert.equal(applied.result, 'success');
    assert.equal(applied.file, 'policies');
    const second = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
    assert.equal(second.body.decision.outcome, 'block');
    assert.match(second.body.decision.reason, /freeze-payments/);
    const version2 = second.body.decision.policy_version;
    assert.notEqual(version2, version1);
    let health = await gw.call('GET', '/health');
    assert.equal(health.body.policy_version, version2);
    assert.equal(health.body.policy_reload.last_result, 'success');
    assert.equal(health.body.policy_reload.version_in_force, version2);
    assert.equal(health.body.policy_reload.version_on_disk, version2, 'the files on disk are the bundle in force');
    assert.equal(health.body.policy_reload.stale, false);

    const rejected = await policies.edit('rules/freeze.yaml', blockAll.replace('tool.name ==', 'tool.nme =='));
    assert.equal(rejected.result, 'failure');
    assert.match(rejected.issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.message}`).join('\n'), /rules\/freeze\.yaml:4:16 CEL type error: tool call has no field 'nme'/);
    health = await gw.call('GET', '/health');
    assert.equal(health.status, 200, 'still ready: the last good bundle decides');
    assert.deepEqual(responseErrors('Health', health.body), []);
    assert.equal(health.body.policy_version, version2);
    assert.equal(health.body.policy_reload.last_result, 'failure');
    // The rejected files are on disk, the last good bundle is in force: /health shows both.
    assert.equal(health.body.policy_reload.version_in_force, version2);
    assert.notEqual(health.body.policy_reload.version_on_disk, version2);
    assert.equal(typeof health.body.policy_reload.stale, 'boolean');
    const metrics = await gw.call('GET', '/metrics');
    assert.match(metrics.text, /^policy_bundle_diverged_seconds \d+$/m);
    assert.match(health.body.policy_reload.issues[0], /rules\/freeze\.yaml:4:16 rules\[0\]\.when: CEL type error/);
    assert.equal(await metric(gw, /^config_last_reload_success\{file="policies"\} (\d+)$/m), '0');
    assert.ok(Number(await metric(gw, /^config_reload_total\{file="policies",result="failure"\} (\d+)$/m)) >= 1);
    const third = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
    assert.equal(third.body.decision.policy_version, version2);
    assert.equal(third.body.decision.outcome, 'block');
  });
});

describe('POST /v1/policy/evaluate', () => {
  test('a dry run names the rules and shadow matches, uses the stated session, and records nothing', async (t) => {
    const gw = await startTestGateway(t);
    const rows = async () => (await gw.call('GET', '/v1/audit/executions?limit=100')).body.items.length;
    const before = await rows();
    const res = await gw.call('POST', '/v1/policy/evaluate', {
      pre_check: email('drop@evil.example'),
      context: { session: [{ name: 'read_inbox', params: { folder: 'inbox' } }], historical_reliability: 80, now: '2026-03-02T10:00:00Z' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(responseErrors('PolicyEvaluateResponse', res.body), []);
    assert.equal(res.body.outcome, 'block');
    assert.equal(res.body.bundle_source, 'active');
    assert.equal(res.body.recorded, false);
    assert.deepEqual(res.body.rules_fired.map((r: any) => [r.rule_id, r.effect, r.path]), [[RULE, 'block', 'action']]);
    assert.deepEqual(res.body.shadow_matches.map((r: any) => r.rule_id), ['external-email-review']);
    assert.equal(res.body.policy_version, (await gw.call('GET', '/health')).body.policy_version);
    assert.equal(await rows(), before, 'nothing written to the ledger');
  });

  test('an envelope from the ledger, and a bundle given in the request (overlay and errors)', async (t) => {
    const gw = await startTestGateway(t);
    const pre = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody());
    const stored = await gw.call('POST', '/v1/policy/evaluate', { envelope_id: pre.body.envelope_id.toUpperCase() });
    assert.equal(stored.status, 200);
    assert.equal(stored.body.outcome, pre.body.decision.outcome);

    const freeze = `rules:\n  - id: freeze\n    description: d\n    when: tool.name == "invoicepay.create_payment"\n    effect: escalate\n    severity: low\n    message: Frozen.\n    mode: enforce\n`;
    const overlay = await gw.call('POST', '/v1/policy/evaluate', { envelope_id: pre.body.envelope_id, bundle: { files: { 'rules/freeze.yaml': freeze } } });
    assert.equal(overlay.status, 200);
    assert.equal(overlay.body.bundle_source, 'request');
    assert.equal(overlay.body.outcome, 'escalate');
    assert.notEqual(overlay.body.policy_version, pre.body.decision.policy_version);

    const broken = await gw.call('POST', '/v1/policy/evaluate', { pre_check: preCheckBody(), bundle: { files: { 'rules/freeze.yaml': freeze.replace('tool.name', 'tool.nam') } } });
    assert.equal(broken.status, 422);
    assert.equal(broken.body.code, 'POLICY_INVALID');
    assert.equal(broken.body.errors[0].path, 'bundle.files.rules/freeze.yaml');
    assert.match(broken.body.errors[0].message, /^request\.bundle\/rules\/freeze\.yaml:4:16 rules\[0\]\.when: CEL type error: tool call has no field 'nam'/);

    // A file of thousands of bad keys (one repeated): answered in one pass, its problems counted
    // in the detail and the first 100 listed (the yaml package's own duplicate check compared each
    // key with every earlier one: 20,000 keys held the event loop for 19 s).
    const keys = Array.from({ length: 5000 }, (_, i) => `k${i}: v`).join('\n');
    const wide = await gw.call('POST', '/v1/policy/evaluate', { pre_check: preCheckBody(), bundle: { files: { 'rules/wide.yaml': `${keys}\nk7: again\n` } } });
    assert.equal(wide.status, 422);
    assert.deepEqual([wide.body.code, wide.body.detail], ['POLICY_INVALID', 'The bundle in the request has 1 problem; nothing was evaluated.']);
    assert.match(wide.body.errors[0].message, /rules\/wide\.yaml:5001:1 k7: duplicate key 'k7'$/);
    const unknown = await gw.call('POST', '/v1/policy/evaluate', { pre_check: preCheckBody(), bundle: { files: { 'rules/wide.yaml': keys } } });
    assert.equal(unknown.status, 422);
    assert.match(unknown.body.detail, /has 5001 problems/);
    assert.deepEqual([unknown.body.errors.length, unknown.body.errors_omitted, unknown.body.issues.length, unknown.body.issues_omitted], [100, 4901, 100, 4901]);
    assert.deepEqual(responseErrors('Problem', unknown.body), []);

    const none = await gw.call('POST', '/v1/policy/evaluate', {});
    assert.equal(none.status, 422);
    assert.match(none.body.errors[0].message, /exactly one of pre_check, validate, post_check, envelope_id/);
    assert.equal((await gw.call('POST', '/v1/policy/evaluate', { envelope_id: '00000000-0000-4000-8000-000000000000' })).status, 404);
  });

  test('needs the Team tier', async (t) => {
    const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true' } });
    const keysPath = gw.config.keysPath;
    const developer = await issueKey(keysPath, 'developer');
    const team = await issueKey(keysPath, 'team');
    const body = { pre_check: preCheckBody() };
    const denied = await gw.call('POST', '/v1/policy/evaluate', body, { authorization: `Bearer ${developer.key}` });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.feature, 'policy_evaluate');
    assert.equal((await gw.call('POST', '/v1/policy/evaluate', body, { authorization: `Bearer ${team.key}` })).status, 200);
  });
});

test('the sample rules file is what the docs quote', () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/policies.md'), 'utf8');
  const rules = readFileSync(path.join(REPO_ROOT, 'policies/rules/data-exfiltration.yaml'), 'utf8');
  const when = rules.slice(rules.indexOf('    when: >-'), rules.indexOf('    effect: block'));
  assert.ok(doc.includes(when.trimEnd()), 'docs/policies.md quotes the sequence rule as the sample bundle has it');
});
