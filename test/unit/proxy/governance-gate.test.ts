// What each decision outcome does to a call, by the route's on_escalation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allows } from '../../../src/proxy/governance-gate.ts';
import { parseGatewayFile } from '../../../src/proxy/index.ts';

const [block, forward] = parseGatewayFile(`routes:
  - name: b
    match: { path_prefix: /b }
    upstream: http://b
    tool: { name: t }
  - name: f
    match: { path_prefix: /f }
    upstream: http://f
    tool: { name: t }
    on_escalation: forward
`, 'g').routes;

const table: Array<[string, boolean, boolean]> = [
  ['approve', true, true],
  ['block', false, false],
  ['escalate', false, true],
  ['request_evidence', false, true],
];
for (const [outcome, withBlock, withForward] of table) {
  test(`${outcome}: on_escalation block -> ${withBlock ? 'goes on' : 'held'}, forward -> ${withForward ? 'goes on' : 'held'}`, () => {
    assert.equal(allows(outcome, block), withBlock);
    assert.equal(allows(outcome, forward), withForward);
  });
}
