// The event-loop delay figures (nodejs_eventloop_lag_*) keep prom-client's names and meaning (a
// 10 ms sampler; a sample is the time between two of its ticks) but are sampled only while the
// gateway serves requests: prom-client's sampler ran for the life of the process and woke an idle
// sidecar 100 times a second. Probes and scrapes do not count as serving.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMetrics } from '../../../src/observability/index.ts';
import { responseChannel, type HttpResponseEvent } from '../../../src/http/server.ts';

const STATE = { killSwitchActive: () => false, policyVersion: () => 'pol-test', scoreVersion: () => 'score-test' };
const FIGURES = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'];

/** A gauge's value from the exposition text. */
function gauge(text: string, name: string): number {
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
  assert.ok(match, `${name} in /metrics`);
  return Number(match[1]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Blocks the event loop, as a long synchronous task would. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* blocked */ }
}
const served = (route: string) => responseChannel.publish({ method: 'POST', route, status: 200, durationSeconds: 0.001 } satisfies HttpResponseEvent);

function metrics(t: import('node:test').TestContext, idleAfterMs?: number) {
  const created = createMetrics(STATE, { eventLoopIdleAfterMs: idleAfterMs });
  t.after(() => created.close());
  return created;
}

test('every nodejs_eventloop_lag_* series is there once, with its help, beside the other default metrics', async (t) => {
  const text = await metrics(t).render();
  for (const name of ['nodejs_eventloop_lag_seconds', ...FIGURES.map((figure) => `nodejs_eventloop_lag_${figure}_seconds`)]) {
    assert.equal(text.match(new RegExp(`^# TYPE ${name} gauge$`, 'gm'))?.length, 1, name);
    assert.match(text, new RegExp(`^# HELP ${name} \\S`, 'm'));
    assert.ok(Number.isFinite(gauge(text, name)), name);
  }
  assert.match(text, /^process_cpu_seconds_total /m);
  assert.match(text, /^nodejs_heap_size_used_bytes /m);
});

test('serving: a stall shows in the max', async (t) => {
  const m = metrics(t);
  await m.render(); // a fresh window
  served('/v1/runtime/validate');
  await sleep(100);
  stall(250);
  await sleep(30);
  const text = await m.render();
  // The sample that spans the stall is at least as long as the stall.
  assert.ok(gauge(text, 'nodejs_eventloop_lag_max_seconds') >= 0.25, text.match(/^nodejs_eventloop_lag_max_seconds.*$/m)?.[0]);
  assert.ok(gauge(text, 'nodejs_eventloop_lag_min_seconds') < 0.25, 'the other samples are ticks of the 10 ms timer');
});

test('idle: nothing is sampled (a stall does not show) and the figures read the resolution, as an idle loop\'s samples do', async (t) => {
  const m = metrics(t);
  await m.render();
  served('/health'); // probes and scrapes leave the gateway idle
  served('/health/live');
  served('/metrics');
  await sleep(30);
  stall(150);
  const text = await m.render();
  for (const figure of ['min', 'max', 'mean', 'p50', 'p90', 'p99']) assert.equal(gauge(text, `nodejs_eventloop_lag_${figure}_seconds`), 0.01, figure);
  assert.equal(gauge(text, 'nodejs_eventloop_lag_stddev_seconds'), 0);
});

test('sampling goes on while requests keep coming, stops once none has come for the idle time, and starts again with the next', async (t) => {
  const m = metrics(t, 600);
  /** The largest sample of a window with a 100 ms stall in it. */
  const stalledWindow = async () => {
    await m.render();
    await sleep(20);
    stall(100);
    await sleep(20);
    return gauge(await m.render(), 'nodejs_eventloop_lag_max_seconds');
  };
  served('/v1/runtime/pre-check');
  await sleep(400);
  served('/v1/runtime/post-check'); // past the first idle check: the idle time counts from here
  await sleep(300);
  assert.ok(await stalledWindow() >= 0.1, 'sampled: 700 ms after the first request, 300 ms after the last');
  await sleep(900);
  assert.equal(await stalledWindow(), 0.01, 'quiet for longer than the idle time: not sampled');
  served('sidecar:kb');
  await sleep(30);
  assert.ok(await stalledWindow() >= 0.1, 'a request starts sampling again');
});
