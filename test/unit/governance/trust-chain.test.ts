import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateTrustChain } from '../../../src/governance/trust-chain.ts';
import { evaluate, type ParentEnvelope } from '../../../src/governance/index.ts';
import type { AgentPolicy } from '../../../src/policy/types.ts';
import { BILLING_AGENT, SUPPORT_AGENT, context, preCheckInput, validateInput } from './fixtures.ts';

const parent = (overrides: Partial<ParentEnvelope> = {}): ParentEnvelope => ({
  envelopeId: 'env-p', agentId: 'triage-bot', outcome: 'approve', depth: 1, lineage: ['env-p'], ...overrides,
});
const codes = (result: ReturnType<typeof evaluateTrustChain>) => result.failures.map((failure) => failure.code);

describe('trust chain', () => {
  test('a known, approved parent from an accepted agent is trusted', () => {
    assert.deepEqual(evaluateTrustChain({ id: 'env-p', found: parent() }, BILLING_AGENT), {
      parent_envelope_id: 'env-p', parent_agent_id: 'triage-bot', depth: 2, lineage: ['env-p'], trusted: true, failures: [],
    });
  });

  const cases: Array<{ name: string; found: ParentEnvelope | undefined; policy: AgentPolicy | undefined; expected: string[] }> = [
    { name: 'unknown parent', found: undefined, policy: BILLING_AGENT, expected: ['PARENT_NOT_FOUND'] },
    { name: 'blocked parent', found: parent({ outcome: 'block' }), policy: BILLING_AGENT, expected: ['PARENT_BLOCKED'] },
    { name: 'escalated parent is not a failure', found: parent({ outcome: 'escalate' }), policy: BILLING_AGENT, expected: [] },
    { name: 'depth 3 is allowed at max depth 3', found: parent({ depth: 2, lineage: ['env-r', 'env-p'] }), policy: BILLING_AGENT, expected: [] },
    { name: 'depth 4 is too deep at max depth 3', found: parent({ depth: 3, lineage: ['env-r', 'env-q', 'env-p'] }), policy: BILLING_AGENT, expected: ['CHAIN_TOO_DEEP'] },
    { name: 'an agent outside the handoff globs', found: parent({ agentId: 'marketing-bot' }), policy: BILLING_AGENT, expected: ['HANDOFF_NOT_ALLOWED'] },
    { name: 'an empty handoff list accepts nobody', found: parent(), policy: SUPPORT_AGENT, expected: ['HANDOFF_NOT_ALLOWED'] },
    { name: 'no catalog accepts nobody', found: parent(), policy: undefined, expected: ['HANDOFF_NOT_ALLOWED'] },
    { name: 'everything wrong at once', found: parent({ outcome: 'block', agentId: 'x', depth: 9 }), policy: BILLING_AGENT, expected: ['PARENT_BLOCKED', 'CHAIN_TOO_DEEP', 'HANDOFF_NOT_ALLOWED'] },
  ];
  for (const { name, found, policy, expected } of cases) {
    test(name, () => {
      const result = evaluateTrustChain({ id: 'env-p', found }, policy);
      assert.deepEqual(codes(result), expected);
      assert.equal(result.trusted, expected.length === 0);
    });
  }

  test('lineage runs root..parent and is not doubled', () => {
    assert.deepEqual(evaluateTrustChain({ id: 'env-p', found: parent({ depth: 2, lineage: ['env-r', 'env-p'] }) }, BILLING_AGENT).lineage, ['env-r', 'env-p']);
    assert.deepEqual(evaluateTrustChain({ id: 'env-p', found: parent({ depth: 2, lineage: ['env-r'] }) }, BILLING_AGENT).lineage, ['env-r', 'env-p']);
  });

  test('an unknown parent has no agent and an assumed depth of 2', () => {
    const result = evaluateTrustChain({ id: 'env-x', found: undefined }, BILLING_AGENT);
    assert.equal(result.parent_agent_id, null);
    assert.equal(result.depth, 2);
    assert.deepEqual(result.lineage, ['env-x']);
  });

  test('evaluate runs the chain only when a parent is named, and never at pre-check', () => {
    assert.equal(evaluate(validateInput(), context()).trust_chain, null);
    assert.notEqual(evaluate(validateInput(), context({ parent: { id: 'env-p', found: parent() } })).trust_chain, null);
    const pre = evaluate(preCheckInput({ name: 'search.web', params: {} }), context({ parent: { id: 'env-p', found: undefined } }));
    assert.equal(pre.trust_chain, null);
  });
});
