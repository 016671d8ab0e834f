// Append throughput and latency of the SQLite ledger (durable: WAL, synchronous=FULL, group
// commit) with 32 and 256 concurrent appenders, against a baseline measured in the same run:
// raw node:sqlite INSERT + COMMIT of equally sized rows, 32 per transaction, on the main thread.
// Also shows how busy the main thread is per append, which is what the writer thread saves.

import { randomUUID } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SQLInputValue } from 'node:sqlite';
import { newEnvelopeId, openSqliteLedger, type LedgerEntry } from '../../src/ledger/index.ts';
import { validateBody } from '../helpers/bodies.ts';
import { LEDGER_COLUMNS, rawInsert, storedRow, type RawInsertResult } from './ledger-floor.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARMUP_MS = 500;
const RAW_BATCH = 32;

interface Measured {
  appends: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
  /** Share of wall time the main thread's event loop was busy, and that time per append. */
  busy: number;
  busyMicrosPerAppend: number;
}

export const ledgerAppendBench = {
  name: 'ledger-append',
  async run(): Promise<void> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-ledger-bench-'));
    try {
      const sample = await sampleRow(path.join(dir, 'sample.db'));
      const { rate: raw } = await rawInsertOf(path.join(dir, 'raw.db'), sample, RAW_BATCH);
      console.log(`raw node:sqlite INSERT+COMMIT, ${RAW_BATCH} rows per transaction, main thread: ${raw.toFixed(0)} rows/s (${sample.length} columns, payload ${String(sample[LEDGER_COLUMNS.indexOf('payload')]).length} bytes)`);
      // What a sidecar pays per row at low load, where every commit holds one row: the floor of a
      // durable single-row commit, before any sealing, hashing or thread hand-off.
      const single = await rawInsertOf(path.join(dir, 'raw-single.db'), sample, 1);
      console.log(`raw node:sqlite INSERT+COMMIT, 1 row per transaction: ${single.rate.toFixed(0)} commits/s, CPU ${single.userMicros.toFixed(0)} us user + ${single.systemMicros.toFixed(0)} us kernel per commit`);
      // The other design for a durable row: the same row's text appended to a plain journal file and
      // fdatasync'd, indexed into SQLite later in large batches. What its durable step costs, with
      // the batched indexing it would still need (SQLite, 256 rows a transaction) beside it.
      const journal = journalAppend(path.join(dir, 'journal.log'), sample);
      const indexed = await rawInsertOf(path.join(dir, 'raw-256.db'), sample, 256);
      console.log(`journal file append + fdatasync, 1 row each: ${journal.rate.toFixed(0)} rows/s, CPU ${journal.userMicros.toFixed(0)} us user + ${journal.systemMicros.toFixed(0)} us kernel per row; its later indexing, SQLite 256 rows a transaction: ${indexed.userMicros.toFixed(0)} us user + ${indexed.systemMicros.toFixed(0)} us kernel per row`);
      for (const writer of ['thread', 'main'] as const) {
        for (const appenders of [32, 256]) {
          const result = await measureStore(path.join(dir, `${writer}-${appenders}.db`), writer, appenders);
          console.log([
            `store, writer ${writer.padEnd(6)} ${String(appenders).padStart(3)} appenders:`,
            `${result.rate.toFixed(0).padStart(6)} appends/s (${(result.rate / raw).toFixed(2)} x raw)`,
            `p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms`,
            `main thread busy ${(result.busy * 100).toFixed(0)}% = ${result.busyMicrosPerAppend.toFixed(0)} us per append`,
          ].join('  '));
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

/** A validate-shaped record like the gateway writes (request, scores, decision, prose). */
export function entry(): LedgerEntry {
  return {
    envelope_id: newEnvelopeId(), parent_envelope_id: null, kind: 'validate', agent_id: 'support-agent-1', action: null,
    outcome: 'approve', risk_tier: 'low', risk_score: 3.1, final_confidence: 98.5, policy_version: 'pol-3f70c77bb252',
    score_version: 'score-2026.11.2', reviewer_id: null, review_deadline: null,
    payload: {
      request: validateBody(),
      response: {
        envelope_id: randomUUID(),
        validation: { schema_score: 100, evidence_score: 100, tool_trust_score: 100, consistency_score: 100, policy_score: 100, judge_score: null, historical_reliability: 85, safety_score: 100, contradiction_score: 0, final_confidence: 98.5, failures: [] },
        risk: { tier: 'low', score: 3.1, reason: 'low (risk 3.1): tool search_kb (action severity 5).', action_severity: 5, business_impact: 5, confidence_gap: 1.5, policy_sensitivity: 0 },
        decision: { outcome: 'approve', reason: 'Approved: final confidence 98.5 meets the low-risk approval threshold of 60.', policy_version: 'pol-3f70c77bb252', score_version: 'score-2026.11.2', reviewer_id: null, review_deadline: null, judge_latency_ms: null },
        governance_disclosure: 'Checked by governance-gateway under policy pol-3f70c77bb252: schema, evidence, tool trust, consistency, policy and safety checks. '.repeat(3),
        confidence_rationale: 'Confidence 98.5/100: strongest signals schema (100) and evidence (100); weakest signal historical reliability (85).',
      },
      decided_by: 'weighted',
    },
  };
}

/**
 * A compact record (~300 B payload, one PII leaf): the size of a kill switch flip, a tool pin or
 * a pre-check recorded without its full request. Used to show how append cost follows row size.
 */
export function compactEntry(): LedgerEntry {
  return {
    envelope_id: newEnvelopeId(), parent_envelope_id: null, kind: 'pre_check', agent_id: 'payments-agent-1', action: 'invoicepay.create_payment',
    outcome: 'approve', risk_tier: 'medium', risk_score: 41.5, final_confidence: 88, policy_version: 'pol-3f70c77bb252',
    score_version: 'score-2026.11.2', reviewer_id: null, review_deadline: null,
    payload: {
      request: { action: 'invoicepay.create_payment', params: { invoice_id: 'INV-20260042', amount: 1200, currency: 'EUR' }, user: 'ap-clerk-7' },
      decision: { outcome: 'approve', reason: 'Approved: final confidence 88 meets the medium-risk threshold of 75.' },
      decided_by: 'weighted',
    },
  };
}

/** One real row, as the ledger stores it, to copy for the baseline. */
async function sampleRow(file: string): Promise<SQLInputValue[]> {
  const ledger = openSqliteLedger({ path: file });
  const row = await ledger.append(entry());
  await ledger.close();
  return storedRow(file, { seq: row.seq });
}

/** The floor of the storage cost: the ledger's own schema, no hashing, no sealing, no threads. */
function rawInsertOf(file: string, sample: SQLInputValue[], rowsPerTransaction: number): Promise<RawInsertResult> {
  return rawInsert(file, [sample], rowsPerTransaction, { seconds: SECONDS, warmupMs: WARMUP_MS });
}

/** One row's text (the columns as JSON) appended to a file and fdatasync'd, one row per sync, for SECONDS. */
function journalAppend(file: string, sample: SQLInputValue[]): { rate: number; userMicros: number; systemMicros: number } {
  const fd = openSync(file, 'a');
  try {
    const line = Buffer.from(`${JSON.stringify(sample)}\n`);
    const append = (): void => {
      writeSync(fd, line);
      fdatasyncSync(fd);
    };
    const warmupEnd = performance.now() + WARMUP_MS;
    while (performance.now() < warmupEnd) append();
    let rows = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    while (performance.now() - started < SECONDS * 1000) {
      append();
      rows += 1;
    }
    const { user, system } = process.cpuUsage(cpu);
    return { rate: rows / ((performance.now() - started) / 1000), userMicros: user / rows, systemMicros: system / rows };
  } finally {
    closeSync(fd);
  }
}

/** `appenders` closed-loop callers: each appends again as soon as its previous append is durable. */
async function measureStore(file: string, writer: 'thread' | 'main', appenders: number): Promise<Measured> {
  const ledger = openSqliteLedger({ path: file, writer });
  try {
    const loop = async (durationMs: number, latencies?: number[]): Promise<void> => {
      const end = performance.now() + durationMs;
      while (performance.now() < end) {
        const t0 = performance.now();
        await ledger.append(entry());
        latencies?.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: appenders }, () => loop(WARMUP_MS)));
    const latencies: number[] = [];
    const elu = performance.eventLoopUtilization();
    const started = performance.now();
    await Promise.all(Array.from({ length: appenders }, () => loop(SECONDS * 1000, latencies)));
    const seconds = (performance.now() - started) / 1000;
    const used = performance.eventLoopUtilization(elu);
    latencies.sort((a, b) => a - b);
    const pct = (p: number): number => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    return {
      appends: latencies.length, seconds, rate: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99),
      busy: used.utilization, busyMicrosPerAppend: (used.active * 1000) / latencies.length,
    };
  } finally {
    await ledger.close();
  }
}
