// The SQLite layout of the ledger and its migrations. Triggers refuse DELETE (except of rows an
// anchor of metadata retention covers) and any UPDATE of a hashed column, so application bugs
// cannot rewrite history (a determined attacker with file access can drop them; the hash chain
// and signed checkpoints are what catch that).

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { alertTablesSql, reviewColumnsSql, rollupTablesSql } from '../../insight/analytics/rollup-columns.ts';
import { BLOCKED_INDEX_SQL } from '../execution-queries.ts';

interface Migration {
  version: number;
  description: string;
  sql: string;
  /**
   * This migration's change together with later ones', for a file that takes them in the same
   * run (a new one, or one older than this migration): the same schema by a cheaper road. Their
   * own SQL is then skipped; their versions are recorded as usual. A test holds the two roads to
   * the same schema.
   */
  withLater?: { versions: readonly number[]; sql: string };
}

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'ledger table, indexes, append-only triggers',
    sql: `
      CREATE TABLE ledger (
        seq                INTEGER PRIMARY KEY,
        envelope_id        TEXT NOT NULL UNIQUE,
        parent_envelope_id TEXT,
        kind               TEXT NOT NULL,
        agent_id           TEXT,
        action             TEXT,
        outcome            TEXT,
        risk_tier          TEXT,
        risk_score         REAL,
        final_confidence   REAL,
        policy_version     TEXT NOT NULL,
        score_version      TEXT NOT NULL,
        reviewer_id        TEXT,
        review_deadline    TEXT,
        created_at         TEXT NOT NULL,
        payload            TEXT,
        payload_state      TEXT NOT NULL CHECK (payload_state IN ('present', 'erased', 'expired')),
        pii_paths          TEXT NOT NULL,
        pii_commitments    TEXT NOT NULL,
        pii_salts          TEXT,
        payload_digest     TEXT NOT NULL,
        prev_hash          TEXT NOT NULL,
        hash               TEXT NOT NULL
      ) STRICT;
      CREATE INDEX ledger_parent ON ledger (parent_envelope_id);
      CREATE INDEX ledger_agent_seq ON ledger (agent_id, seq);
      CREATE INDEX ledger_kind_seq ON ledger (kind, seq);
      CREATE INDEX ledger_created_at ON ledger (created_at);
      CREATE INDEX ledger_review_candidates ON ledger (seq)
        WHERE outcome IN ('escalate', 'request_evidence') AND kind IN ('validate', 'pre_check', 'post_check', 'decision');
      CREATE UNIQUE INDEX ledger_one_post_check ON ledger (parent_envelope_id) WHERE kind = 'post_check';
      CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
        BEGIN SELECT RAISE(ABORT, 'ledger is append-only: DELETE refused'); END;
      CREATE TRIGGER ledger_no_rewrite BEFORE UPDATE OF
        seq, envelope_id, parent_envelope_id, kind, agent_id, action, outcome, risk_tier, risk_score,
        final_confidence, policy_version, score_version, reviewer_id, review_deadline, created_at,
        pii_paths, pii_commitments, payload_digest, prev_hash, hash ON ledger
        BEGIN SELECT RAISE(ABORT, 'ledger is append-only: only payload columns may change'); END;
    `,
  },
  {
    version: 2,
    description: 'signed checkpoints of the chain head',
    sql: `
      CREATE TABLE ledger_checkpoints (
        seq        INTEGER PRIMARY KEY,
        head_hash  TEXT NOT NULL,
        key_id     TEXT NOT NULL,
        jws        TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 3,
    description: 'metadata retention: anchors, and DELETE allowed only below the newest anchor',
    sql: `
      -- One row per retention run: rows 1..seq are deleted and row seq + 1 links to hash.
      CREATE TABLE ledger_anchors (
        seq          INTEGER PRIMARY KEY,
        hash         TEXT NOT NULL,
        retired_at   TEXT NOT NULL,
        rows_deleted INTEGER NOT NULL
      ) STRICT;
      CREATE TRIGGER ledger_anchors_forward BEFORE INSERT ON ledger_anchors
        WHEN NEW.seq <= coalesce((SELECT max(seq) FROM ledger_anchors), 0)
        BEGIN SELECT RAISE(ABORT, 'ledger anchors only move forward'); END;
      CREATE TRIGGER ledger_anchors_no_update BEFORE UPDATE ON ledger_anchors
        BEGIN SELECT RAISE(ABORT, 'ledger anchors are append-only'); END;
      CREATE TRIGGER ledger_anchors_no_delete BEFORE DELETE ON ledger_anchors
        BEGIN SELECT RAISE(ABORT, 'ledger anchors are append-only'); END;
      -- A row may be deleted only once an anchor covers it (written first, in the same transaction).
      DROP TRIGGER ledger_no_delete;
      CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
        WHEN OLD.seq > coalesce((SELECT max(seq) FROM ledger_anchors), 0)
        BEGIN SELECT RAISE(ABORT, 'ledger is append-only: DELETE refused above the retention anchor'); END;
    `,
  },
  {
    version: 4,
    description: 'signed statements of retention runs (payload expiry, metadata retirement)',
    sql: `
      CREATE TABLE ledger_retention_records (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        kind       TEXT NOT NULL,
        key_id     TEXT NOT NULL,
        jws        TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE TRIGGER ledger_retention_records_no_update BEFORE UPDATE ON ledger_retention_records
        BEGIN SELECT RAISE(ABORT, 'ledger retention records are append-only'); END;
      CREATE TRIGGER ledger_retention_records_no_delete BEFORE DELETE ON ledger_retention_records
        BEGIN SELECT RAISE(ABORT, 'ledger retention records are append-only'); END;
    `,
  },
  {
    version: 5,
    description: 'asynchronous LLM judge jobs (src/judge)',
    sql: `
      -- Times are epoch milliseconds. A claimed job is leased until locked_until; a process that
      -- dies while judging leaves it to be claimed again once the lease runs out.
      CREATE TABLE judge_jobs (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        envelope_id  TEXT NOT NULL UNIQUE,
        attempts     INTEGER NOT NULL DEFAULT 0,
        run_after    INTEGER NOT NULL,
        locked_until INTEGER,
        last_error   TEXT,
        created_at   INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX judge_jobs_ready ON judge_jobs (run_after, id);
    `,
  },
  {
    version: 6,
    description: 'notification outbox: one webhook delivery per (event, webhook) (src/notify)',
    sql: `
      -- Not ledger rows: a delivery's state changes, the ledger never does. Times are epoch ms.
      -- id is derived from (event_id, webhook), so enqueueing the same event twice adds nothing.
      CREATE TABLE notification_outbox (
        id              TEXT PRIMARY KEY,
        event_id        TEXT NOT NULL,
        event           TEXT NOT NULL,
        webhook         TEXT NOT NULL,
        source_id       TEXT,
        payload         TEXT NOT NULL,
        status          TEXT NOT NULL CHECK (status IN ('pending', 'delivering', 'delivered', 'failed', 'dead')),
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        locked_until    INTEGER,
        last_status     INTEGER,
        last_error      TEXT,
        created_at      INTEGER NOT NULL,
        updated_at      INTEGER NOT NULL,
        delivered_at    INTEGER
      ) STRICT;
      CREATE INDEX notification_outbox_ready ON notification_outbox (next_attempt_at) WHERE status IN ('pending', 'failed', 'delivering');
      CREATE INDEX notification_outbox_recent ON notification_outbox (created_at, id);
      CREATE INDEX notification_outbox_status ON notification_outbox (status, created_at);
    `,
  },
  {
    version: 7,
    description: 'tool definition changes are review items (the review candidates index holds them)',
    sql: `
      -- The review queue reads the candidates through this partial index: it now holds changed
      -- MCP tool definitions waiting for a human (kind tool_change, outcome escalate) too.
      DROP INDEX ledger_review_candidates;
      CREATE INDEX ledger_review_candidates ON ledger (seq)
        WHERE outcome IN ('escalate', 'request_evidence') AND kind IN ('validate', 'pre_check', 'post_check', 'decision', 'tool_change');
    `,
  },
  {
    version: 9,
    description: 'single sign-on: pending AuthnRequests, the assertion replay cache, sessions (src/sso)',
    sql: `
      -- Times are epoch milliseconds. Not ledger rows: all three are consumed, expire and are purged.
      -- A pending AuthnRequest is consumed (deleted) by the one response that answers it.
      CREATE TABLE sso_requests (
        id          TEXT PRIMARY KEY,
        relay_state TEXT NOT NULL,
        expires_at  INTEGER NOT NULL
      ) STRICT;
      -- Assertion ids seen, kept until the assertion could no longer be accepted anyway.
      CREATE TABLE sso_assertions (
        id         TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) STRICT;
      -- Only sha256 of the session id is stored: a copy of the table signs nobody in.
      CREATE TABLE sso_sessions (
        id_hash        TEXT PRIMARY KEY,
        subject        TEXT NOT NULL,
        name_id        TEXT NOT NULL,
        name_id_format TEXT,
        session_index  TEXT,
        tier           TEXT NOT NULL,
        teams          TEXT NOT NULL,
        roles          TEXT NOT NULL,
        created_at     INTEGER NOT NULL,
        expires_at     INTEGER NOT NULL,
        revoked_at     INTEGER
      ) STRICT;
      CREATE INDEX sso_sessions_subject ON sso_sessions (subject);
      CREATE INDEX sso_sessions_expiry ON sso_sessions (expires_at);
    `,
  },
  {
    version: 10,
    description: 'analytics roll-ups keyed by ledger seq, and alert state (src/insight)',
    sql: rollupTablesSql('sqlite') + alertTablesSql('sqlite'),
    // Migration 12 adds 42 columns to three of these tables, one ALTER TABLE each, and SQLite
    // re-parses the whole schema after each: 11 ms of opening a new file. Created with them.
    withLater: { versions: [12], sql: rollupTablesSql('sqlite', { reviewColumns: true }) + alertTablesSql('sqlite') },
  },
  {
    version: 11,
    description: 'compliance report jobs and their signed files (src/reports)',
    sql: `
      -- Times are epoch milliseconds. A running job is leased until locked_until: a gateway that
      -- stops mid-report leaves it to be claimed again (and restarted from the beginning).
      CREATE TABLE report_jobs (
        id           TEXT PRIMARY KEY,
        request      TEXT NOT NULL,
        requested_by TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        progress     INTEGER NOT NULL DEFAULT 0,
        attempts     INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER,
        error        TEXT,
        created_at   INTEGER NOT NULL,
        finished_at  INTEGER
      ) STRICT;
      CREATE INDEX report_jobs_ready ON report_jobs (status, created_at);
      CREATE TABLE report_files (
        job_id     TEXT NOT NULL REFERENCES report_jobs (id) ON DELETE CASCADE,
        format     TEXT NOT NULL,
        content    BLOB NOT NULL,
        sha256     TEXT NOT NULL,
        signature  TEXT NOT NULL,
        PRIMARY KEY (job_id, format)
      ) STRICT;
    `,
  },
  {
    version: 12,
    description: 'time-to-decision histograms in the analytics roll-ups (src/insight)',
    sql: reviewColumnsSql('sqlite'),
  },
  {
    version: 13,
    description: 'blocked rows indexed apart, for the executions list of blocked calls (only block rows pay for it)',
    sql: BLOCKED_INDEX_SQL,
  },
];

/**
 * Opens (creating the parent directory if needed), sets the durability pragmas (they are per
 * connection) and migrates, unless `migrate` is false (a second connection of the same process).
 */
export function openLedgerDatabase(path: string, options: { migrate?: boolean } = {}): DatabaseSync {
  if (path !== ':memory:' && !path.startsWith('file:')) mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
    if (options.migrate !== false) migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * Applies pending migrations, all in one transaction: one durable commit (each is an fsync) rather
 * than one per migration, which on a new file was most of opening it. The version is re-read
 * inside the write lock, so two processes opening a new file do not race; a failing migration
 * leaves the file as it was.
 */
export function migrate(db: DatabaseSync): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT');
  const currentVersion = (): number =>
    (db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null }).version ?? 0;
  const latest = SQLITE_MIGRATIONS[SQLITE_MIGRATIONS.length - 1]!.version;
  if (currentVersion() >= latest) return currentVersion();
  db.exec('BEGIN IMMEDIATE');
  try {
    const applied = currentVersion();
    const record = db.prepare('INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ?)');
    const covered = new Set<number>();
    for (const migration of SQLITE_MIGRATIONS) {
      if (migration.version <= applied) continue;
      // Pending, so the later migrations it covers are pending too.
      if (!covered.has(migration.version)) db.exec(migration.withLater?.sql ?? migration.sql);
      for (const version of migration.withLater?.versions ?? []) covered.add(version);
      record.run(migration.version, migration.description, new Date().toISOString());
    }
    db.exec('COMMIT');
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
  return currentVersion();
}
