// The event-loop lag figures (nodejs_eventloop_lag_*) are sampled every
// METRICS_EVENT_LOOP_RESOLUTION_MS (default prom-client's 10 ms, which wakes an idle sidecar 100
// times a second; a fleet may sample less often): the setting is read and bounded like every
// other, it is the one the figures are sampled at, and a stall still shows in them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issues, load } from '../config/load-config.ts';
import { createMetrics } from '../../../src/observability/index.ts';

const STATE = { killSwitchActive: () => false, policyVersion: () => 'pol-test', scoreVersion: () => 'score-test' };

test('METRICS_EVENT_LOOP_RESOLUTION_MS: default 10 ms, settable, refused out of 1 - 60000 or not an integer', () => {
  assert.equal(load({}).eventLoopResolutionMs, 10);
  assert.equal(load({ METRICS_EVENT_LOOP_RESOLUTION_MS: '' }).eventLoopResolutionMs, 10, 'empty is unset');
  assert.equal(load({ METRICS_EVENT_LOOP_RESOLUTION_MS: '100' }).eventLoopResolutionMs, 100);
  for (const value of ['0', '-5', '60001', '1.5', 'fast']) {
    assert.deepEqual(issues({ METRICS_EVENT_LOOP_RESOLUTION_MS: value }), [`METRICS_EVENT_LOOP_RESOLUTION_MS: "${value}" must be an integer from 1 to 60000`]);
  }
});

/** A gauge's value from the exposition text. */
function gauge(text: string, name: string): number {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  assert.ok(match, `${name} in /metrics`);
  return Number(match[1]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the figures are sampled at the resolution set: each reads at least the interval between samples', async (t) => {
  const metrics = createMetrics(STATE, { eventLoopResolutionMs: 100 });
  t.after(() => metrics.close());
  await metrics.render(); // starts a fresh window
  await sleep(450);
  const text = await metrics.render();
  // A sample is the time between two ticks of a 100 ms timer, which never fires early.
  assert.ok(gauge(text, 'nodejs_eventloop_lag_min_seconds') >= 0.098, text.match(/^nodejs_eventloop_lag_min_seconds.*$/m)?.[0]);
});

test('a stall shows in nodejs_eventloop_lag_max_seconds', async (t) => {
  const metrics = createMetrics(STATE, { eventLoopResolutionMs: 20 });
  t.after(() => metrics.close());
  await metrics.render();
  await sleep(100);
  const until = performance.now() + 250;
  while (performance.now() < until) { /* the event loop is blocked */ }
  await sleep(50);
  const text = await metrics.render();
  assert.ok(gauge(text, 'nodejs_eventloop_lag_max_seconds') >= 0.25, text.match(/^nodejs_eventloop_lag_max_seconds.*$/m)?.[0]);
  for (const name of ['nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_mean_seconds']) {
    assert.ok(Number.isFinite(gauge(text, name)), name);
  }
});
