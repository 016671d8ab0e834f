// An open-loop load generator: requests start on a fixed schedule (e.g. 1,000 per second)
// whether or not earlier ones have answered, so a slow server shows up as latency instead of
// quietly lowering the rate (the coordinated-omission trap of closed-loop tools).

import { Agent, request } from 'undici';

export interface FixedRateResult {
  sent: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Requests per second actually started. */
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** The first answer that was not 2xx: its status and the start of its body (what went wrong). */
  firstFailure?: string;
}

export async function runFixedRate(
  origin: string, path: string, body: () => string,
  options: { rate: number; durationMs: number; headers?: () => Record<string, string> },
): Promise<FixedRateResult> {
  const agent = new Agent({ connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let firstFailure: string | undefined;
  const interval = 1000 / options.rate;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  const one = async (scheduled: number): Promise<void> => {
    try {
      const res = await request(origin + path, {
        dispatcher: agent, method: 'POST', body: body(),
        headers: { 'content-type': 'application/json', ...options.headers?.() },
      });
      if (res.statusCode >= 300) {
        non2xx++;
        const text = await res.body.text();
        firstFailure ??= `${res.statusCode} ${text.slice(0, 300)}`;
      } else {
        await res.body.dump();
        ok++;
      }
      // Latency from when the request was due, not from when the event loop got to it.
      latencies.push(performance.now() - scheduled);
    } catch {
      errors++;
    }
  };
  while (performance.now() - started < options.durationMs) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, Math.floor(wait)));
    else if (wait > 0) await new Promise((resolve) => setImmediate(resolve));
    while (started + sent * interval <= performance.now()) {
      pending.push(one(started + sent * interval));
      sent++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  await agent.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { sent, ok, non2xx, errors, rate: sent / seconds, p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: latencies.at(-1) ?? 0, firstFailure };
}
