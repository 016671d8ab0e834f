import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPolicyBundleSync } from '../../../src/policy/index.ts';
import { writeBundle } from './temp-bundle.ts';

const FULL_CATALOG = `id: orders
description: Order desk agents.
agents: ["orders-*"]
defaults: { action_severity: 20, business_impact: 15 }
accepts_handoff_from: ["orchestrator-*"]
max_chain_depth: 3
output_schema:
  type: object
  required: [answer]
  properties: { answer: { type: string } }
x-order-id: &order-id
  type: string
  pattern: "^ORD-[0-9]+$"
tools:
  orders.refund:
    description: Refunds an order.
    action_severity: 70
    business_impact: 60
    allows_pii: false
    scope:
      type: object
      required: [order_id, amount]
      additionalProperties: false
      properties:
        order_id: *order-id
        amount: { type: number, exclusiveMinimum: 0 }
    limits:
      max_calls_per_execution: 1
      max_calls_per_session: 4
      caps: { amount: 500 }
    output_schema:
      type: object
      required: [refund_id]
  orders.lookup:
    allows_pii: true
    scope:
      type: object
      properties:
        order_id: *order-id
`;

describe('every catalog field reaches the AgentPolicy', () => {
  test('catalog-level fields', (t) => {
    const agent = loadPolicyBundleSync(writeBundle(t, { 'catalog/demo.yaml': FULL_CATALOG })).resolveAgent('orders-eu.2');
    assert.ok(agent);
    assert.equal(agent.id, 'orders');
    assert.equal(agent.description, 'Order desk agents.');
    assert.equal(agent.default_action_severity, 20);
    assert.equal(agent.default_business_impact, 15);
    assert.deepEqual(agent.accepts_handoff_from, ['orchestrator-*']);
    assert.equal(agent.max_chain_depth, 3);
    assert.equal(agent.source, 'catalog/demo.yaml');
    assert.deepEqual(agent.output_schema?.({ answer: 'ok' }), []);
    assert.deepEqual(agent.output_schema?.({}), [{ path: 'answer', message: 'is required' }]);
  });

  test('tool-level fields, with a scope shared through a YAML anchor under an x- key', (t) => {
    const agent = loadPolicyBundleSync(writeBundle(t, { 'catalog/demo.yaml': FULL_CATALOG })).resolveAgent('orders-1');
    const refund = agent?.tools.get('orders.refund');
    assert.ok(refund);
    assert.equal(refund.description, 'Refunds an order.');
    assert.deepEqual([refund.action_severity, refund.business_impact, refund.allows_pii], [70, 60, false]);
    assert.deepEqual(refund.limits, { max_calls_per_execution: 1, max_calls_per_session: 4, caps: { amount: 500 } });
    assert.deepEqual(refund.scope?.({ order_id: 'ORD-7', amount: 20 }), []);
    assert.deepEqual(refund.scope?.({ order_id: 'R-7', amount: 20 }).map((v) => v.path), ['order_id']);
    assert.deepEqual(refund.output_schema?.({}), [{ path: 'refund_id', message: 'is required' }]);
    const lookup = agent?.tools.get('orders.lookup');
    assert.deepEqual([lookup?.action_severity, lookup?.business_impact, lookup?.allows_pii], [20, 15, true]);
    assert.deepEqual(lookup?.scope?.({ order_id: 'nope' }).map((v) => v.path), ['order_id']);
  });

  test('a scope may declare draft-07 explicitly, but no other draft', (t) => {
    const draft07 = FULL_CATALOG.replace('      type: object\n      required: [order_id, amount]',
      '      $schema: "http://json-schema.org/draft-07/schema#"\n      type: object\n      required: [order_id, amount]');
    assert.ok(loadPolicyBundleSync(writeBundle(t, { 'catalog/demo.yaml': draft07 })).resolveAgent('orders-1'));
    const draft2020 = draft07.replace('http://json-schema.org/draft-07/schema#', 'https://json-schema.org/draft/2020-12/schema');
    assert.throws(() => loadPolicyBundleSync(writeBundle(t, { 'catalog/demo.yaml': draft2020 })),
      (error: { issues?: Array<{ path: string; line: number | null }> }) =>
        error.issues?.length === 1 && error.issues[0].path === 'tools.orders.refund.scope.$schema' && error.issues[0].line === 21);
  });
});
