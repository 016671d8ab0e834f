// max_calls_per_session: the sidecar passes the session's earlier calls of the proposed tool in
// GovernanceContext.priorSessionCalls; the tool-trust check blocks the call that would exceed it.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { evaluate } from '../../../src/governance/index.ts';
import { context, preCheckInput, validateInput } from './fixtures.ts';

// TOOLS.payments allows 3 calls per session; TOOLS.search declares no session limit.
const pay = { name: 'payments.create', params: { amount: 10, currency: 'USD' } };
const search = { name: 'search.web', params: { q: 'x' } };

describe('max_calls_per_session at pre-check', () => {
  const cases = [
    { name: 'no count (the API) is never limited', call: pay, prior: undefined, limited: false },
    { name: 'first call of the session', call: pay, prior: 0, limited: false },
    { name: 'the last allowed call', call: pay, prior: 2, limited: false },
    { name: 'one more than allowed', call: pay, prior: 3, limited: true },
    { name: 'far beyond the limit', call: pay, prior: 40, limited: true },
    { name: 'a tool without a session limit', call: search, prior: 1000, limited: false },
  ];
  for (const { name, call, prior, limited } of cases) {
    test(name, () => {
      const result = evaluate(preCheckInput(call), context({ priorSessionCalls: prior }));
      const failure = result.validation.failures.find((f) => f.code === 'TOOL_SESSION_LIMIT_EXCEEDED');
      assert.equal(failure !== undefined, limited);
      if (limited) {
        assert.equal(failure!.path, 'action');
        assert.match(failure!.message, new RegExp(`already called ${prior} times in this session; at most 3`));
        assert.equal(result.decision.outcome, 'block');
        assert.ok(result.validation.tool_trust_score < 100);
      }
    });
  }

  test('a count passed to a validate is ignored (sessions are a pre-check matter)', () => {
    const result = evaluate(validateInput(), context({ priorSessionCalls: 99 }));
    assert.equal(result.validation.failures.some((f) => f.code === 'TOOL_SESSION_LIMIT_EXCEEDED'), false);
  });

  test('property: the limit fails exactly when the earlier calls reach it', () => {
    fc.assert(fc.property(fc.nat(50), (prior) => {
      const failures = evaluate(preCheckInput(pay), context({ priorSessionCalls: prior })).validation.failures;
      return failures.some((f) => f.code === 'TOOL_SESSION_LIMIT_EXCEEDED') === (prior >= 3);
    }));
  });
});
