// `npm run demo` end to end: the real sidecar process, mock tools and MCP server, the scripted
// agent, a CLI approval. Every step's outcome, the envelope ids printed, that blocked calls
// never reached a tool, that the secret never reached the agent, and a valid chain.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runDemo } from '../../examples/demo/run.ts';
import { DEMO_SECRET } from '../../examples/demo/mock-tools.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test('the demo: allowed calls, an undeclared tool, a payment over its cap, a human approval from the CLI, a withheld secret, a valid chain', async () => {
  const lines: string[] = [];
  const run = await runDemo((line) => lines.push(line));
  const printed = lines.join('\n');
  assert.deepEqual(run.steps.map((s) => [s.title.split(' ')[0], s.outcome, s.status]), [
    ['kb.search', 'allowed', 200],
    ['get_article', 'allowed', 200],
    ['invoicepay.get_invoice', 'allowed', 200],
    ['invoicepay.create_payment', 'allowed', 201],
    ['shell_exec', 'blocked', 403],
    ['invoicepay.create_payment', 'blocked', 403],
    ['invoicepay.create_payment', 'approved by a human', 201],
    ['kb.search', 'withheld', 403],
  ], printed);
  for (const step of run.steps) {
    assert.match(step.preCheck ?? '', UUID, `step ${step.n} has its pre-check id`);
    assert.ok(printed.includes(step.preCheck!), `step ${step.n}'s pre-check id is printed`);
    if (step.outcome !== 'blocked') {
      assert.match(step.postCheck ?? '', UUID, `step ${step.n} has its post-check id`);
      assert.ok(printed.includes(step.postCheck!));
    }
  }
  assert.match(run.steps[4].detail, /shell_exec is not declared/);
  assert.match(run.steps[5].detail, /above its cap of 10,000/);
  assert.match(run.steps[6].review ?? '', UUID);
  assert.match(printed, /approving it with `govgate review approve [0-9a-f-]{36} --note/);
  assert.match(printed, new RegExp(`\\(${run.steps[6].review} approved\\)`), 'the CLI said it approved the item');
  assert.match(run.steps[7].detail, /holds a secret/);
  assert.ok(!printed.includes(DEMO_SECRET), 'the secret was never printed (never released to the agent)');
  assert.deepEqual(run.toolRequests, [
    'POST /kb/search', 'GET /invoicepay/invoices', 'POST /invoicepay/payments', 'POST /invoicepay/payments', 'POST /kb/search',
  ], 'the cap-breaking payment never reached the payment API; the held one did, after the approval');
  assert.deepEqual(run.mcpCalls, ['get_article'], 'shell_exec never reached the MCP server');
  assert.equal(run.chain.valid, true);
  assert.ok(run.chain.rows_checked >= 15, String(run.chain.rows_checked));
  assert.match(printed, /Audit chain: VALID/);
});
