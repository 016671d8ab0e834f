// The floor of a durable ledger row: the ledger's own schema and stored rows, inserted and
// committed by node:sqlite back to back on one thread, with the ledger's durability pragmas and
// nothing else (no hashing, sealing, thread hand-off or HTTP). Back to back is the cheapest way
// to run a commit on this machine (caches warm, no thread woken), so what a row costs here is
// less than what any process that also serves calls can pay for it.

import { performance } from 'node:perf_hooks';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { newEnvelopeId, openSqliteLedger } from '../../src/ledger/index.ts';

export const LEDGER_COLUMNS = ['seq', 'envelope_id', 'parent_envelope_id', 'kind', 'agent_id', 'action', 'outcome', 'risk_tier', 'risk_score',
  'final_confidence', 'policy_version', 'score_version', 'reviewer_id', 'review_deadline', 'created_at', 'payload',
  'payload_state', 'pii_paths', 'pii_commitments', 'pii_salts', 'payload_digest', 'prev_hash', 'hash'] as const;

const column = (name: (typeof LEDGER_COLUMNS)[number]): number => LEDGER_COLUMNS.indexOf(name);

/** A stored row's columns in LEDGER_COLUMNS order: the newest of `kind`, or the row at `seq`. */
export function storedRow(file: string, which: { kind: string } | { seq: number }): SQLInputValue[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const select = `SELECT ${LEDGER_COLUMNS.join(', ')} FROM ledger`;
    const stored = ('kind' in which
      ? db.prepare(`${select} WHERE kind = ? ORDER BY seq DESC LIMIT 1`).get(which.kind)
      : db.prepare(`${select} WHERE seq = ?`).get(which.seq)) as Record<string, SQLInputValue> | undefined;
    if (!stored) throw new Error(`${file} has no ledger row ${JSON.stringify(which)}`);
    return LEDGER_COLUMNS.map((name) => stored[name]!);
  } finally {
    db.close();
  }
}

export interface RawInsertResult {
  /** Rows per second. */
  rate: number;
  /** CPU per row, microseconds. */
  userMicros: number;
  systemMicros: number;
}

/**
 * Inserts copies of `rows` in turn (each with a fresh seq and envelope id; a row with a parent gets
 * the row before it as its parent, so a post-check copy follows its pre-check copy as in the
 * gateway), `rowsPerCommit` rows a transaction on average (a fraction alternates, 2.5 is 2, 3, 2,
 * 3...), for `seconds` after `warmupMs`, into a new ledger file at `file`. With `commitsPerSecond`,
 * commits start on that schedule and the thread sleeps in between, as the ledger writer thread
 * sleeps between the commits a sidecar's calls bring it; without, they run back to back.
 */
export async function rawInsert(
  file: string, rows: readonly SQLInputValue[][], rowsPerCommit: number, options: { seconds: number; warmupMs: number; commitsPerSecond?: number },
): Promise<RawInsertResult> {
  if (!(rowsPerCommit >= 1)) throw new Error(`rows per commit must be at least 1, not ${rowsPerCommit}`);
  await openSqliteLedger({ path: file, writer: 'main' }).close(); // creates the schema
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
    const insert = db.prepare(`INSERT INTO ledger (${LEDGER_COLUMNS.join(', ')}) VALUES (${LEDGER_COLUMNS.map(() => '?').join(', ')})`);
    let seq = 0;
    let commits = 0;
    let previousId: string | null = null;
    const transaction = (): void => {
      const size = Math.floor((commits + 1) * rowsPerCommit) - Math.floor(commits * rowsPerCommit);
      commits += 1;
      db.exec('BEGIN IMMEDIATE');
      for (let i = 0; i < size; i += 1) {
        const values = [...rows[seq % rows.length]!];
        values[column('seq')] = ++seq;
        const id = newEnvelopeId(); // the ids the gateway writes (time-ordered)
        values[column('envelope_id')] = id;
        if (values[column('parent_envelope_id')] !== null) values[column('parent_envelope_id')] = previousId;
        previousId = id;
        insert.run(...values);
      }
      db.exec('COMMIT');
    };
    const interval = options.commitsPerSecond ? 1000 / options.commitsPerSecond : 0;
    let due = performance.now();
    const paced = async (): Promise<void> => {
      transaction();
      if (interval === 0) return;
      due += interval;
      const wait = due - performance.now();
      if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    };
    const warmupEnd = performance.now() + options.warmupMs;
    while (performance.now() < warmupEnd) await paced();
    const started = performance.now();
    const before = seq;
    const cpu = process.cpuUsage();
    while (performance.now() - started < options.seconds * 1000) await paced();
    const inserted = seq - before;
    const { user, system } = process.cpuUsage(cpu);
    return { rate: inserted / ((performance.now() - started) / 1000), userMicros: user / inserted, systemMicros: system / inserted };
  } finally {
    db.close();
  }
}
