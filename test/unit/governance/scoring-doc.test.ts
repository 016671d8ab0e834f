// docs/scoring.md is the contract auditors read: these tests keep it in step with the code.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { evaluate, SCORE_VERSION } from '../../../src/governance/index.ts';
import { FAILURE_CODES } from '../../../src/governance/failure-codes.ts';
import { CONFIDENCE_WEIGHTS, RISK_WEIGHTS, SEVERITY_PENALTY } from '../../../src/governance/scoring-table.ts';
import { NOW, context, execution } from './fixtures.ts';

const doc = readFileSync(new URL('../../../docs/scoring.md', import.meta.url), 'utf8');

describe('docs/scoring.md', () => {
  test('names the current score version', () => {
    assert.ok(doc.includes(`**\`${SCORE_VERSION}\`**`), `docs/scoring.md does not name ${SCORE_VERSION}`);
  });

  test('lists every failure code with its check and severity', () => {
    for (const [code, entry] of Object.entries(FAILURE_CODES)) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
      assert.ok(row, `${code} is missing from the failure-code table`);
      const [, , check, severity] = row.split('|').map((cell) => cell.trim());
      assert.equal(check, entry.check, `${code} check`);
      assert.equal(severity, entry.severity, `${code} severity`);
    }
  });

  test('lists every penalty and weight', () => {
    for (const [severity, penalty] of Object.entries(SEVERITY_PENALTY)) assert.ok(doc.includes(`| ${severity} | ${penalty} |`), severity);
    for (const [signal, weight] of Object.entries(CONFIDENCE_WEIGHTS)) assert.ok(doc.includes(`| ${signal} | ${weight.toFixed(2)} |`), signal);
    for (const weight of Object.values(RISK_WEIGHTS)) assert.ok(doc.includes(weight.toFixed(2)));
  });

  test('the worked example gives the numbers the page shows', () => {
    const result = evaluate({
      stage: 'validate',
      agentId: 'billing-bot',
      framework: 'REST',
      request: { user: 'u-1', input: 'Refund invoice INV-5521 for the customer' },
      execution: execution([{ name: 'payments.create', params: { amount: 4800, currency: 'USD' } }], [{ status: 'succeeded', payment_id: 'pay_8f3k2j', amount: 4800 }]),
      output: { status: 'completed', payment_id: 'pay_8f3k2j', amount: 4800, summary: 'Refunded 4,800 USD for INV-5521; receipt sent to jo@example.com, ref RF-20931.' },
    }, context({ historicalReliability: 80 }));
    const v = result.validation;
    assert.deepEqual(
      [v.schema_score, v.evidence_score, v.tool_trust_score, v.consistency_score, v.policy_score, v.safety_score, v.contradiction_score, v.final_confidence],
      [100, 60, 100, 100, 85, 100, 0, 87.8],
    );
    assert.deepEqual(v.failures.map((failure) => `${failure.code}:${failure.severity}`), ['FACTS_UNSUPPORTED:medium', 'PII_IN_OUTPUT:medium']);
    assert.deepEqual(
      [result.risk.action_severity, result.risk.business_impact, result.risk.confidence_gap, result.risk.policy_sensitivity, result.risk.score, result.risk.tier],
      [80, 69.6, 12.2, 55, 55.5, 'high'],
    );
    assert.equal(result.decision.outcome, 'escalate');
    assert.equal(result.decision.reviewer_id, 'rev-high');
    assert.equal(result.decision.review_deadline, new Date(NOW + 3600 * 1000).toISOString());
    for (const text of [result.decision.reason, result.risk.reason]) assert.ok(doc.includes(text), `docs do not show: ${text}`);
    assert.ok(doc.replace(/\s+/g, ' ').includes(result.confidence_rationale.replaceAll('"', '\\"')), 'docs do not show the rationale');
  });
});
