// Validate throughput and latency of the embedded gateway (durable SQLite ledger: WAL,
// synchronous=FULL, group commit) against a bare node:http JSON echo. Target: >= 0.25 of the echo.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteLedger } from '../../src/ledger/index.ts';
import { runLoad, type LoadResult } from './load.ts';
import { startServer } from './processes.ts';
import { threadCpuMs, threadCpuPerCall } from './process-stats.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const WARMUP_MS = 2000;

export const embeddedGatewayBench = {
  name: 'embedded-gateway',
  async run(): Promise<void> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-bench-'));
    const ledgerPath = path.join(dir, 'ledger.db');
    let agent = 0;
    const validate = () => JSON.stringify(validateBody({ agent_id: `support-agent-${agent++ % 50}` }));
    const preCheck = () => JSON.stringify(preCheckBody({ agent_id: `payments-agent-${agent++ % 50}` }));

    const echo = await startServer([path.join(ROOT, 'test/bench/echo-server.ts')]);
    await runLoad(echo.origin, '/', validate, { connections: CONNECTIONS, durationMs: WARMUP_MS });
    const baseline = await runLoad(echo.origin, '/', validate, { connections: CONNECTIONS, durationMs: DURATION_MS });
    await echo.stop();

    const gateway = await startServer([path.join(ROOT, 'src/main.ts'), 'serve', '--port', '0'], {
      LEDGER_PATH: ledgerPath, POLICIES_DIR: path.join(ROOT, 'policies'), LOG_LEVEL: 'info', SERVICE_ENV: 'test',
    });
    await runLoad(gateway.origin, '/v1/runtime/validate', validate, { connections: CONNECTIONS, durationMs: WARMUP_MS });
    // Where validate's CPU goes: the gateway's threads, and this process (the load generator).
    const threadsBefore = threadCpuMs(gateway);
    const loaderBefore = process.cpuUsage();
    const governed = await runLoad(gateway.origin, '/v1/runtime/validate', validate, { connections: CONNECTIONS, durationMs: DURATION_MS });
    const loader = process.cpuUsage(loaderBefore);
    const threads = threadCpuPerCall(threadsBefore, threadCpuMs(gateway), governed.requests);
    const pre = await runLoad(gateway.origin, '/v1/runtime/pre-check', preCheck, { connections: CONNECTIONS, durationMs: DURATION_MS });
    const metrics = await fetch(`${gateway.origin}/metrics`).then((r) => r.text());
    await gateway.stop();

    // Every acknowledged decision must be in the chain, and the chain must verify.
    const ledger = openSqliteLedger({ path: ledgerPath });
    const report = await ledger.verify();
    await ledger.close();
    const rows = report.rows_checked;
    rmSync(dir, { recursive: true, force: true });

    print('bare node:http JSON echo', baseline);
    print('gateway POST /v1/runtime/validate', governed);
    print('gateway POST /v1/runtime/pre-check', pre);
    const ratio = governed.rps / baseline.rps;
    console.log(`validate throughput / echo throughput = ${ratio.toFixed(3)} (target >= 0.25: ${ratio >= 0.25 ? 'met' : 'NOT met'})`);
    const loaderMs = (loader.user + loader.system) / 1000 / governed.requests;
    const busyCores = ((threads.reduce((sum, [, ms]) => sum + ms, 0) + loaderMs) * governed.rps) / 1000;
    console.log(`validate CPU per request: ${threads.map(([name, ms]) => `${name} ${(ms * 1000).toFixed(0)} us`).join(', ')}; load generator ${(loaderMs * 1000).toFixed(0)} us; ${busyCores.toFixed(2)} of ${os.availableParallelism()} cores busy`);
    console.log(`pre-check throughput / echo throughput = ${(pre.rps / baseline.rps).toFixed(3)}`);
    console.log(`mean ledger batch size = ${meanBatch(metrics).toFixed(1)} rows per commit; ledger rows written = ${rows} (warm-up included); chain ${report.valid ? 'verifies' : `BROKEN at seq ${report.first_bad_seq}`}`);
  },
};

function print(name: string, r: LoadResult): void {
  console.log(`${name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p90 ${r.p90.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.requests} ok, ${r.non2xx} non-2xx, ${r.errors} errors, ${CONNECTIONS} connections)`);
}

function meanBatch(metrics: string): number {
  const sum = Number(/ledger_append_batch_size_sum\{[^}]*\} ([\d.e+]+)/.exec(metrics)?.[1] ?? 0);
  const count = Number(/ledger_append_batch_size_count\{[^}]*\} ([\d.e+]+)/.exec(metrics)?.[1] ?? 1);
  return sum / count;
}
