// Review across a fleet on one PostgreSQL ledger: a long-poll on one process returns when a
// reviewer acts on another (LISTEN/NOTIFY), a call held by one process's sidecar is forwarded
// when the approval lands on another, and two processes racing verdicts leave one.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { preCheckBody } from '../helpers/bodies.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';

const { skip } = await probePostgres();

describe('review on a PostgreSQL fleet', { skip }, () => {
  test('a long-poll on one process wakes when another claims; racing verdicts from two processes leave one', async (t) => {
    const db = await createTestSchema(t);
    const env = { ...db.env, CHECKPOINT_INTERVAL_SECONDS: '0', POLICIES_DIR: writeOpsBundle(t) };
    const [a, b] = await Promise.all([startGatewayProcess(t, env), startGatewayProcess(t, env)]);
    const pre = await a.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'ops-agent-1', action: 'restart_service', params: { service: 'billing' } }));
    assert.equal(pre.body.decision.outcome, 'escalate');
    const id = pre.body.envelope_id;
    assert.equal(pre.headers.get('location'), `/v1/review/queue/${id}`);

    const first = await a.call('GET', `/v1/review/queue/${id}`);
    const waiting = a.call('GET', `/v1/review/queue/${id}?wait=60&revision=${first.body.revision}`);
    const claimed = await b.call('POST', `/v1/review/queue/${id}/claim`, { reviewer_id: 'user:rita' });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    const woke = await waiting;
    assert.deepEqual([woke.body.status, woke.body.claimed_by], ['claimed', 'user:rita'], 'the poll on A saw the claim made on B');

    const verdicts = await Promise.all([
      a.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'approve', note: 'from a', reviewer_id: 'user:rita' }),
      b.call('POST', `/v1/review/queue/${id}/resolution`, { outcome: 'reject', note: 'from b', reviewer_id: 'user:rita' }),
    ]);
    assert.deepEqual(verdicts.map((v) => v.status).filter((s) => s === 201), [201]);
    const reviews = await a.call('GET', '/v1/audit/executions?kind=review');
    assert.equal(reviews.body.total, 1);
    assert.equal((await b.call('GET', '/v1/audit/chain/verify')).body.valid, true);
  });
});
