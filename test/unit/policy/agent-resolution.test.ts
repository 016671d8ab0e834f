import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { agentGlobMatches, loadPolicyBundleSync } from '../../../src/policy/index.ts';
import { MINIMAL_CATALOG, writeBundle } from './temp-bundle.ts';

describe('agentGlobMatches', () => {
  const TABLE: Array<[string[], string, boolean]> = [
    [['payments-*'], 'payments-agent.eu.1', true],
    [['payments-*'], 'payments-1', true],
    [['payments-*'], 'payment-1', false],
    [['payments-*'], 'xpayments-1', false],
    [['*'], '.hidden-agent', true],
    [['orchestrator-*', 'support-*'], 'support-bot', true],
    [['support-?'], 'support-12', false],
    [['support-{eu,us}.*'], 'support-eu.1', true],
    [['support-{eu,us}.*'], 'support-ap.1', false],
    [[], 'anyone', false],
  ];
  for (const [globs, agentId, expected] of TABLE) {
    test(`${JSON.stringify(globs)} ${expected ? 'matches' : 'does not match'} ${agentId}`, () => {
      assert.equal(agentGlobMatches(globs, agentId), expected);
    });
  }

  test('property: `prefix-*` matches every agent id that starts with prefix-', () => {
    const id = fc.stringMatching(/^[\w.-]{0,30}$/);
    fc.assert(fc.property(id, (rest) => { assert.equal(agentGlobMatches(['payments-*'], `payments-${rest}`), true); }));
  });
});

describe('resolveAgent', () => {
  test('the first catalog in file-name order wins when several match', (t) => {
    const dir = writeBundle(t, {
      'catalog/demo.yaml': null,
      'catalog/10-specific.yaml': MINIMAL_CATALOG.replace('id: demo', 'id: specific').replace('"demo-*"', '"team-a.*"'),
      'catalog/20-general.yaml': MINIMAL_CATALOG.replace('id: demo', 'id: general').replace('"demo-*"', '"team-*"'),
    });
    const bundle = loadPolicyBundleSync(dir);
    assert.equal(bundle.resolveAgent('team-a.1')?.id, 'specific');
    assert.equal(bundle.resolveAgent('team-b.1')?.id, 'general');
    assert.equal(bundle.resolveAgent('other'), undefined);
  });

  test('returns the same frozen object on every call', (t) => {
    const bundle = loadPolicyBundleSync(writeBundle(t, {}));
    const first = bundle.resolveAgent('demo-1');
    assert.ok(first && Object.isFrozen(first));
    assert.equal(bundle.resolveAgent('demo-1'), first);
    assert.equal(bundle.agents[0], first);
  });

  test('stays correct for many distinct unknown ids (the cache is bounded, not wrong)', (t) => {
    const bundle = loadPolicyBundleSync(writeBundle(t, {}));
    for (let i = 0; i < 12_000; i++) assert.equal(bundle.resolveAgent(`stranger-${i}`), undefined);
    assert.equal(bundle.resolveAgent('demo-x')?.id, 'demo');
  });

  test('tool defaults: severity and impact fall back to the catalog defaults', (t) => {
    const bundle = loadPolicyBundleSync(writeBundle(t, {}));
    const ping = bundle.resolveAgent('demo-1')?.tools.get('ping');
    assert.deepEqual({ ...ping }, { name: 'ping', action_severity: 5, business_impact: 10, limits: {}, allows_pii: false });
    assert.equal(bundle.resolveAgent('demo-1')?.max_chain_depth, 5);
    assert.deepEqual(bundle.resolveAgent('demo-1')?.accepts_handoff_from, []);
  });
});
