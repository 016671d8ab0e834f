// Report tests' shared steps: a ledger with known figures (decisions, escalations decided by a
// person, kill-switch events), and following a report job to its end over the real API.

import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { preCheckBody, validateBody } from './bodies.ts';
import type { CallResult } from './gateway.ts';

type Caller = { call(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult> };

/** What the seeded ledger holds: the figures a report of it must show. */
export const SEEDED = { validates: 3, escalations: 3, approved: 1, rejected: 1, killSwitchEvents: 2 } as const;

/** Needs the ops bundle (test/helpers/ops-bundle.ts): restart_service always escalates. */
export async function seedLedger(gateway: Caller, reviewer: Caller = gateway): Promise<void> {
  for (let i = 0; i < SEEDED.validates; i += 1) {
    const result = await gateway.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-1' }));
    assert.equal(result.status, 200, result.text);
  }
  const held: string[] = [];
  for (let i = 0; i < SEEDED.escalations; i += 1) {
    const pre = await gateway.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'ops-agent-1', action: 'restart_service', params: { service: 'billing' } }));
    assert.equal(pre.body.decision.outcome, 'escalate', pre.text);
    held.push(pre.body.envelope_id);
  }
  const approve = await reviewer.call('POST', `/v1/review/queue/${held[0]}/resolution`, { outcome: 'approve', note: 'checked with on-call', reviewer_id: 'user:rita' });
  assert.equal(approve.status, 201, approve.text);
  const reject = await reviewer.call('POST', `/v1/review/queue/${held[1]}/resolution`, { outcome: 'reject', note: 'not during business hours', reviewer_id: 'user:rita' });
  assert.equal(reject.status, 201, reject.text);
  for (const active of [true, false]) {
    const flip = await gateway.call('POST', '/v1/runtime/kill-switch', { active, reason: active ? 'incident 42' : 'incident 42 resolved', actor: 'user:sre' });
    assert.equal(flip.status, 200, flip.text);
  }
}

export function periodAround(now = Date.now()): { from: string; to: string } {
  return { from: new Date(now - 3_600_000).toISOString(), to: new Date(now + 3_600_000).toISOString() };
}

/** Follows the job's Location until it is done or failed (the worker runs it in the background). */
export async function awaitReport(gateway: Caller, location: string, headers: Record<string, string> = {}): Promise<CallResult> {
  for (let i = 0; i < 600; i += 1) {
    const job = await gateway.call('GET', location, undefined, headers);
    assert.equal(job.status, 200, job.text);
    if (job.body.status === 'done' || job.body.status === 'failed') return job;
    await delay(50);
  }
  throw new Error(`report ${location} did not finish`);
}
