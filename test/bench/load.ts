// A small closed-loop load generator on undici: `connections` clients each send the next request
// as soon as the previous answer arrives, for `durationMs`. Reports throughput and latency percentiles.

import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  seconds: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
}

export async function runLoad(
  origin: string, path: string, body: () => string,
  options: { connections: number; durationMs: number; headers?: () => Record<string, string> },
): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json', ...options.headers?.() }, body: body() });
        await res.body.dump();
        if (res.statusCode >= 300) non2xx++;
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { requests: latencies.length, errors, non2xx, seconds, rps: latencies.length / seconds, p50: pct(0.5), p90: pct(0.9), p99: pct(0.99) };
}
