// The event-loop delay figures, nodejs_eventloop_lag_*, under prom-client's names and with its
// meaning, sampled only while the gateway is serving requests. prom-client samples them with a
// 10 ms timer for the whole life of the process: 100 wake-ups a second, most of an idle sidecar's
// CPU (docs/performance.md, "An idle sidecar's CPU"). Here the timer runs from a request until
// IDLE_AFTER_MS after the last one. A scrape window in which nothing was served reads what an
// idle loop's samples read: the resolution itself (a sample is the time between two ticks).

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import client from 'prom-client';

/** How long sampling goes on after the last request. */
export const IDLE_AFTER_MS = 1000;

const LAG = 'nodejs_eventloop_lag_seconds';
const FIGURES = [
  ['min', 'The minimum recorded event loop delay.', 'min'],
  ['max', 'The maximum recorded event loop delay.', 'max'],
  ['mean', 'The mean of the recorded event loop delays.', 'average'],
  ['stddev', 'The standard deviation of the recorded event loop delays.', 'average'],
  ['p50', 'The 50th percentile of the recorded event loop delays.', 'average'],
  ['p90', 'The 90th percentile of the recorded event loop delays.', 'average'],
  ['p99', 'The 99th percentile of the recorded event loop delays.', 'average'],
] as const;
type Figure = (typeof FIGURES)[number][0];

/** Every series this module registers (prom-client's default metrics register the same names). */
export const EVENT_LOOP_LAG_METRICS: readonly string[] = [LAG, ...FIGURES.map(([figure]) => `nodejs_eventloop_lag_${figure}_seconds`)];

export interface EventLoopLag {
  /** A request was served: sample until `idleAfterMs` (default IDLE_AFTER_MS) after the last one. */
  active(): void;
  close(): void;
}

export function registerEventLoopLag(
  registry: client.Registry,
  options: { resolutionMs: number; idleAfterMs?: number },
): EventLoopLag {
  const { resolutionMs, idleAfterMs = IDLE_AFTER_MS } = options;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  let lastActive = 0;
  // Set while sampling: the timer that stops it once the gateway has been idle for idleAfterMs.
  let idleCheck: NodeJS.Timeout | undefined;

  const checkIdle = (): void => {
    const quiet = performance.now() - lastActive;
    if (quiet < idleAfterMs) {
      idleCheck = setTimeout(checkIdle, idleAfterMs - quiet).unref();
      return;
    }
    idleCheck = undefined;
    histogram.disable();
  };

  const figures = {} as Record<Figure, client.Gauge>;
  const seconds = (nanoseconds: number) => nanoseconds / 1e9;
  // What an unhurried loop's samples read: one tick interval.
  const idleReading = resolutionMs / 1000;
  new client.Gauge({
    name: LAG,
    help: 'Lag of event loop in seconds.',
    registers: [registry],
    aggregator: 'average',
    // One collect sets every figure: synchronously, because a scrape reads all series at once and
    // the figures are read right after this starts; then the scrape's own turn of the loop.
    async collect() {
      const sampled = histogram.count > 0;
      figures.min.set(sampled ? seconds(histogram.min) : idleReading);
      figures.max.set(sampled ? seconds(histogram.max) : idleReading);
      figures.mean.set(sampled ? seconds(histogram.mean) : idleReading);
      figures.stddev.set(sampled ? seconds(histogram.stddev) : 0);
      figures.p50.set(sampled ? seconds(histogram.percentile(50)) : idleReading);
      figures.p90.set(sampled ? seconds(histogram.percentile(90)) : idleReading);
      figures.p99.set(sampled ? seconds(histogram.percentile(99)) : idleReading);
      histogram.reset();
      const started = process.hrtime.bigint();
      await new Promise((resolve) => setImmediate(resolve));
      this.set(Number(process.hrtime.bigint() - started) / 1e9);
    },
  });
  // Registered after the gauge whose collect sets them: a scrape reads them once they are set.
  for (const [figure, help, aggregator] of FIGURES) {
    figures[figure] = new client.Gauge({ name: `nodejs_eventloop_lag_${figure}_seconds`, help, registers: [registry], aggregator });
  }

  return {
    active() {
      lastActive = performance.now();
      if (idleCheck) return;
      histogram.enable();
      idleCheck = setTimeout(checkIdle, idleAfterMs).unref();
    },
    close() {
      clearTimeout(idleCheck);
      idleCheck = undefined;
      histogram.disable();
    },
  };
}
