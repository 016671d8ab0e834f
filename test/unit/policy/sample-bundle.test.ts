import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPolicyBundle, loadPolicyBundleSync } from '../../../src/policy/index.ts';
import type { PolicyBundle } from '../../../src/policy/index.ts';
import { SAMPLE_BUNDLE_DIR } from './temp-bundle.ts';

describe('the sample bundle in policies/', async () => {
  const bundle: PolicyBundle = await loadPolicyBundle(SAMPLE_BUNDLE_DIR);

  test('loads with a content-derived version, the same sync and async', () => {
    assert.match(bundle.version, /^pol-[0-9a-f]{12}$/);
    assert.equal(loadPolicyBundleSync(SAMPLE_BUNDLE_DIR).version, bundle.version);
  });

  test('holds the three catalogs in file-name order, each naming its source file', () => {
    assert.deepEqual(bundle.agents.map((a) => [a.id, a.source]), [
      ['orchestrator', 'catalog/orchestrator.yaml'],
      ['payments-agent', 'catalog/payments-agent.yaml'],
      ['support-agent', 'catalog/support-agent.yaml'],
    ]);
  });

  const AGENTS = [
    { agentId: 'support-1', catalog: 'support-agent' },
    { agentId: 'support-bot.eu', catalog: 'support-agent' },
    { agentId: 'payments-agent.eu.1', catalog: 'payments-agent' },
    { agentId: 'invoicepay-worker-7', catalog: 'payments-agent' },
    { agentId: 'payments-', catalog: 'payments-agent' },
    { agentId: 'orchestrator-main', catalog: 'orchestrator' },
    { agentId: 'planner-1', catalog: undefined },
    { agentId: 'Support-1', catalog: undefined },
    { agentId: 'xsupport-1', catalog: undefined },
    { agentId: 'unknown', catalog: undefined },
  ];
  for (const { agentId, catalog } of AGENTS) {
    test(`resolveAgent(${agentId}) -> ${catalog ?? 'undefined'}`, () => {
      assert.equal(bundle.resolveAgent(agentId)?.id, catalog);
      assert.equal(bundle.resolveAgent(agentId)?.id, catalog, 'a cached answer is the same');
    });
  }

  test('support tools: search_kb is low severity, crm_lookup may return PII, update_ticket has a status enum', () => {
    const support = bundle.resolveAgent('support-1');
    assert.ok(support);
    assert.deepEqual([...support.tools.keys()], ['search_kb', 'crm_lookup', 'update_ticket', 'read_inbox', 'send_email']);
    const search = support.tools.get('search_kb');
    assert.ok(search && search.action_severity <= 10 && !search.allows_pii);
    const crm = support.tools.get('crm_lookup');
    assert.equal(crm?.allows_pii, true);
    assert.deepEqual(crm?.scope?.({ customer_id: 'CUS-0012345' }), []);
    assert.deepEqual(crm?.scope?.({}), [{ path: 'customer_id', message: 'is required' }]);
    assert.equal(crm?.scope?.({ customer_id: 'bob' })[0]?.path, 'customer_id');
    const update = support.tools.get('update_ticket');
    assert.deepEqual(update?.scope?.({ ticket_id: 'TCK-1', status: 'solved', comment: 'done' }), []);
    assert.deepEqual(update?.scope?.({ ticket_id: 'TCK-1', status: 'closed' }).map((v) => v.path), ['status']);
    assert.equal(update?.scope?.({ ticket_id: 'TCK-1', status: 'open', comment: 'x'.repeat(2001) }).length, 1);
    assert.deepEqual(support.accepts_handoff_from, ['orchestrator-*']);
    assert.equal(support.max_chain_depth, 5);
  });

  test('payments tools: create_payment is capped, severe, and limited to 3 calls per execution', () => {
    const payments = bundle.resolveAgent('payments-agent.eu.1');
    assert.ok(payments);
    const create = payments.tools.get('invoicepay.create_payment');
    assert.ok(create);
    assert.equal(create.action_severity, 80);
    assert.equal(create.business_impact, 70);
    assert.deepEqual(create.limits.caps, { amount: 10000 });
    assert.equal(create.limits.max_calls_per_execution, 3);
    assert.deepEqual(create.scope?.({ invoice_id: 'INV-20931', amount: 4800, currency: 'EUR' }), []);
    assert.deepEqual(create.scope?.({ invoice_id: 'INV-20931', amount: 0, currency: 'JPY', extra: 1 }).map((v) => v.path).sort(),
      ['amount', 'currency', 'extra']);
    assert.equal(payments.tools.get('invoicepay.approve_payment')?.action_severity, 90);
    assert.ok((payments.tools.get('invoicepay.get_invoice')?.action_severity ?? 100) <= 10);
    assert.deepEqual(payments.accepts_handoff_from, ['orchestrator-*', 'support-*']);
  });

  test('is deeply frozen', () => {
    assert.ok(Object.isFrozen(bundle));
    assert.ok(Object.isFrozen(bundle.agents));
    assert.ok(Object.isFrozen(bundle.agents[0].agents));
    assert.ok(Object.isFrozen(bundle.agents[0].tools.get('invoicepay.create_payment')?.limits.caps));
    assert.ok(Object.isFrozen(bundle.sensitive_data[0]));
    assert.ok(Object.isFrozen(bundle.decision.tiers.high));
    assert.throws(() => { (bundle.agents as unknown as unknown[]).push({}); }, TypeError);
    assert.throws(() => { (bundle.decision.tiers.high as { reviewer_id: string }).reviewer_id = 'me'; }, TypeError);
  });
});
