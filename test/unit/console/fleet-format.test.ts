// The fleet view's pure parts: how figures read as text, the periods it asks the API for, and the
// roles it offers acknowledging to, which must be the gateway's own role table row.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PERIODS, bucketLabel, change, milliseconds, outcomesOf, percent, percentile } from '../../../console/src/fleet/fleet-format.ts';
import { ACK_ROLES, mayAcknowledge } from '../../../console/src/fleet/fleet-access.ts';
import { ROUTE_ROLES } from '../../../src/auth/route-roles.ts';
import { parseDurationSeconds } from '../../../src/policy/review-duration.ts';
import type { AuthCheck } from '../../../console/src/types.ts';

test('figures as text: shares, durations, percentile bounds, changes against the previous period', () => {
  assert.equal(percent(0.25), '25.0%');
  assert.equal(percent(null), '—');
  assert.equal(milliseconds(420), '420 ms');
  assert.equal(milliseconds(2500), '2.5 s');
  assert.equal(milliseconds(90_000), '1.5 min');
  assert.equal(milliseconds(null), '—');
  assert.equal(percentile(5, 3), '≤ 5 ms');
  assert.equal(percentile(null, 3), '> 2500 ms', 'null with calls: above the top bucket');
  assert.equal(percentile(null, 0), '—', 'null without calls: nothing measured');
  assert.equal(change(8, 0, 'count'), '+8');
  assert.equal(change(2, 5, 'count'), '−3');
  assert.equal(change(3, 3, 'count'), 'no change');
  assert.equal(change(0.3, 0.25, 'share'), '+5.0 pp');
  assert.equal(change(0.3, null, 'share'), 'no comparison');
  assert.equal(change(1000, 4000, 'ms'), '−3.0 s');
});

test('outcomes stack in a fixed order, the known ones first, empty ones left out', () => {
  const series: { by_outcome: Record<string, number> }[] = [
    { by_outcome: { approve: 0, block: 2, escalate: 0, request_evidence: 0, zzz: 1 } },
    { by_outcome: { approve: 3, block: 0, escalate: 1, request_evidence: 0 } },
  ];
  assert.deepEqual(outcomesOf(series), ['approve', 'escalate', 'block', 'zzz']);
  assert.deepEqual(outcomesOf([]), []);
});

test('every period asks for a bucket the API accepts: sub-day buckets only up to 2 days, at most 1000 points', () => {
  for (const choice of PERIODS) {
    const seconds = parseDurationSeconds(choice.period)!;
    const bucket = parseDurationSeconds(choice.bucket)!;
    if (seconds > 2 * 86_400) assert.ok(bucket >= 86_400, `${choice.period} is answered per day`);
    assert.ok(seconds / bucket <= 1000, `${choice.period}: ${seconds / bucket} points`);
  }
  assert.equal(bucketLabel('2026-11-26T13:00:00.000Z', 60), '11-26 13:00');
  assert.equal(bucketLabel('2026-11-26T00:00:00.000Z', 1440), '2026-11-26');
});

test('the console offers acknowledging to exactly the roles the gateway lets acknowledge', () => {
  assert.deepEqual([...ACK_ROLES].sort(), [...(ROUTE_ROLES['POST /v1/alerts/{id}/ack'] as readonly string[])].sort());
  const me = (roles?: string[]): AuthCheck => ({ authenticated: true, auth_enabled: true, kind: 'api_key', subject: 'k', tier: 'team', team: null, expires_at: null, features: [], roles });
  assert.equal(mayAcknowledge(me(['viewer'])), false);
  assert.equal(mayAcknowledge(me(['viewer', 'auditor'])), true);
  assert.equal(mayAcknowledge(me(['operator'])), true);
  assert.equal(mayAcknowledge(me(undefined)), true, 'a gateway that names no roles is not second-guessed');
});
