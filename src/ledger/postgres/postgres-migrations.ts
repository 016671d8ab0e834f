// The PostgreSQL layout of the ledger, as versioned migrations. `ledger_head` is the one row every
// writer locks (SELECT ... FOR UPDATE) once per batch: it serializes the chain across processes
// and, since it moves only forward, also reveals rows deleted from the end of the table.
// Triggers refuse DELETE, TRUNCATE and any UPDATE of a hashed column (they guard against bugs;
// someone who owns the tables can drop them, and that is what the hash chain detects).

import { alertTablesSql, reviewColumnsSql, rollupTablesSql } from '../../insight/analytics/rollup-columns.ts';
import { POSTGRES_TOLERANT_JSON_FUNCTION } from '../../insight/analytics/rollup-sql.ts';
import { BLOCKED_INDEX_SQL } from '../execution-queries.ts';

export interface PostgresMigration {
  version: number;
  description: string;
  sql: string;
}

const HASHED_COLUMNS = [
  'seq', 'envelope_id', 'parent_envelope_id', 'kind', 'agent_id', 'action', 'outcome', 'risk_tier', 'risk_score',
  'final_confidence', 'policy_version', 'score_version', 'reviewer_id', 'review_deadline', 'created_at',
  'pii_paths', 'pii_commitments', 'payload_digest', 'prev_hash', 'hash',
];

export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    description: 'ledger, chain head, checkpoints, indexes, append-only triggers',
    sql: `
      -- JSON columns are text: the stored payload is exactly the JSON the gateway wrote (jsonb
      -- would reorder keys and refuse \\u0000), and text costs the server no parsing per row.
      CREATE TABLE ledger (
        seq                bigint PRIMARY KEY,
        envelope_id        text NOT NULL UNIQUE,
        parent_envelope_id text,
        kind               text NOT NULL,
        agent_id           text,
        action             text,
        outcome            text,
        risk_tier          text,
        risk_score         double precision,
        final_confidence   double precision,
        policy_version     text NOT NULL,
        score_version      text NOT NULL,
        reviewer_id        text,
        review_deadline    text COLLATE "C",
        created_at         text COLLATE "C" NOT NULL,
        payload            text,
        payload_state      text NOT NULL CHECK (payload_state IN ('present', 'erased', 'expired')),
        pii_paths          text NOT NULL,
        pii_commitments    text NOT NULL,
        pii_salts          text,
        payload_digest     text NOT NULL,
        prev_hash          text NOT NULL,
        hash               text NOT NULL
      );
      -- Rows of a few KB stay in the heap page uncompressed: no TOAST work on the append path.
      ALTER TABLE ledger SET (toast_tuple_target = 8160);
      CREATE INDEX ledger_parent ON ledger (parent_envelope_id, kind, seq) WHERE parent_envelope_id IS NOT NULL;
      CREATE UNIQUE INDEX ledger_one_post_check ON ledger (parent_envelope_id) WHERE kind = 'post_check';
      CREATE INDEX ledger_agent_seq ON ledger (agent_id, seq);
      CREATE INDEX ledger_kind_seq ON ledger (kind, seq);
      -- created_at grows with seq (almost: each process stamps its own batch), so a BRIN index
      -- finds old rows at nearly no cost per append.
      CREATE INDEX ledger_created_at ON ledger USING brin (created_at);
      -- Retention: every row up to expired_through has its payload expired, so a run starts there.
      CREATE TABLE ledger_retention (
        id               smallint PRIMARY KEY CHECK (id = 1),
        expired_through  bigint NOT NULL
      );
      INSERT INTO ledger_retention (id, expired_through) VALUES (1, 0);
      CREATE INDEX ledger_review_candidates ON ledger (seq)
        WHERE outcome IN ('escalate', 'request_evidence') AND kind IN ('validate', 'pre_check', 'post_check', 'decision');

      CREATE TABLE ledger_head (
        id   smallint PRIMARY KEY CHECK (id = 1),
        seq  bigint NOT NULL,
        hash text NOT NULL
      );
      INSERT INTO ledger_head (id, seq, hash) VALUES (1, 0, '${'0'.repeat(64)}');

      CREATE TABLE ledger_checkpoints (
        seq        bigint PRIMARY KEY,
        head_hash  text NOT NULL,
        key_id     text NOT NULL,
        jws        text NOT NULL,
        created_at text NOT NULL
      );

      CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          IF (${HASHED_COLUMNS.map((c) => `NEW.${c}`).join(', ')})
             IS DISTINCT FROM (${HASHED_COLUMNS.map((c) => `OLD.${c}`).join(', ')}) THEN
            RAISE EXCEPTION 'ledger is append-only: only payload columns may change';
          END IF;
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'ledger is append-only: % refused', TG_OP;
      END $$;
      CREATE TRIGGER ledger_no_rewrite BEFORE UPDATE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
      CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
      CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

      CREATE FUNCTION ledger_head_forward() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.seq < OLD.seq THEN
          RAISE EXCEPTION 'ledger_head only moves forward (% -> %)', OLD.seq, NEW.seq;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER ledger_head_forward BEFORE UPDATE ON ledger_head FOR EACH ROW EXECUTE FUNCTION ledger_head_forward();
      CREATE TRIGGER ledger_head_no_delete BEFORE DELETE OR TRUNCATE ON ledger_head FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
    `,
  },
  {
    version: 2,
    description: 'pii_spans: where each PII leaf sits in the canonical payload text (verify hashes the stored text)',
    sql: `
      -- Rows appended from this version on store their payload as canonical JSON text and the
      -- [start, end) of each PII leaf in it, in pii_paths order (docs/ledger.md). Not hashed, like
      -- pii_paths; NULL for rows written before (verified by parsing, as before) and once the
      -- payload expired. Adding a nullable column rewrites nothing.
      ALTER TABLE ledger ADD COLUMN pii_spans text;
    `,
  },
  {
    version: 3,
    description: 'ledger_link_hashes: the server links a batch, so the head lock is held inside one statement',
    sql: `
      -- The row hashes of a batch placed after (head_seq, head_hash): row i's hash is
      -- sha256(prefixes[i] || '"' || prev || '"' || middles[i] || (head_seq + i) || '}'), which
      -- is rowHash() of that row (the writer cuts its canonical text around prev_hash and seq:
      -- hash-chain.ts rowHashParts). The writer checks this function against its own rowHash
      -- on every new connection and links in JavaScript when they disagree.
      CREATE FUNCTION ledger_link_hashes(head_seq bigint, head_hash text, prefixes text[], middles text[])
        RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT AS $$
      DECLARE
        hashes text[] := ARRAY[]::text[];
        prev text := head_hash;
      BEGIN
        FOR i IN 1 .. coalesce(array_length(prefixes, 1), 0) LOOP
          prev := encode(sha256(convert_to(prefixes[i] || '"' || prev || '"' || middles[i] || (head_seq + i)::text || '}', 'UTF8')), 'hex');
          hashes := hashes || prev;
        END LOOP;
        RETURN hashes;
      END $$;
    `,
  },
  {
    version: 4,
    description: 'metadata retention: anchors, and DELETE allowed only below the newest anchor',
    sql: `
      -- One row per retention run: rows 1..seq are deleted and row seq + 1 links to hash.
      CREATE TABLE ledger_anchors (
        seq          bigint PRIMARY KEY,
        hash         text NOT NULL,
        retired_at   text NOT NULL,
        rows_deleted bigint NOT NULL
      );
      CREATE FUNCTION ledger_anchor_forward() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          RAISE EXCEPTION 'ledger anchors are append-only: % refused', TG_OP;
        END IF;
        IF NEW.seq <= coalesce((SELECT max(seq) FROM ledger_anchors), 0) THEN
          RAISE EXCEPTION 'ledger anchors only move forward';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER ledger_anchors_forward BEFORE INSERT OR UPDATE OR DELETE ON ledger_anchors
        FOR EACH ROW EXECUTE FUNCTION ledger_anchor_forward();
      CREATE TRIGGER ledger_anchors_no_truncate BEFORE TRUNCATE ON ledger_anchors
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
      -- A row may be deleted only once an anchor covers it (written first, in the same transaction).
      CREATE FUNCTION ledger_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.seq <= coalesce((SELECT max(seq) FROM ledger_anchors), 0) THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'ledger is append-only: DELETE refused above the retention anchor';
      END $$;
      DROP TRIGGER ledger_no_delete ON ledger;
      CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_refuse_delete();
    `,
  },
  {
    version: 5,
    description: 'signed statements of retention runs (payload expiry, metadata retirement)',
    sql: `
      CREATE TABLE ledger_retention_records (
        id         bigserial PRIMARY KEY,
        kind       text NOT NULL,
        key_id     text NOT NULL,
        jws        text NOT NULL,
        created_at text NOT NULL
      );
      CREATE FUNCTION ledger_retention_records_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger retention records are append-only: % refused', TG_OP;
      END $$;
      CREATE TRIGGER ledger_retention_records_no_change BEFORE UPDATE OR DELETE ON ledger_retention_records
        FOR EACH ROW EXECUTE FUNCTION ledger_retention_records_refuse();
      CREATE TRIGGER ledger_retention_records_no_truncate BEFORE TRUNCATE ON ledger_retention_records
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_retention_records_refuse();
    `,
  },
  {
    version: 6,
    description: 'api_keys: the API key store of a fleet, shared by every replica (src/auth/postgres-key-store.ts)',
    sql: `
      -- Not part of the ledger: a key's last use and revocation change, the ledger never does.
      -- Only sha256(key) is stored. The tiers are those of src/auth/entitlements.ts (a test checks).
      CREATE TABLE api_keys (
        id           text PRIMARY KEY,
        key_hash     text NOT NULL UNIQUE,
        hint         text NOT NULL,
        name         text,
        tier         text NOT NULL CHECK (tier IN ('developer', 'team', 'enterprise')),
        team         text,
        created_at   text COLLATE "C" NOT NULL,
        last_used_at text COLLATE "C",
        revoked_at   text COLLATE "C"
      );
      -- Moves on every revoke: a process that missed a NOTIFY compares it after reconnecting.
      CREATE TABLE api_key_revocations (
        id   smallint PRIMARY KEY CHECK (id = 1),
        mark bigint NOT NULL
      );
      INSERT INTO api_key_revocations (id, mark) VALUES (1, 0);
    `,
  },
  {
    version: 7,
    description: 'asynchronous LLM judge jobs (src/judge)',
    sql: `
      -- Times are epoch milliseconds. Replicas claim jobs with FOR UPDATE SKIP LOCKED and a lease
      -- (locked_until): a replica that dies while judging leaves its job to the next claim.
      CREATE TABLE judge_jobs (
        id           bigserial PRIMARY KEY,
        envelope_id  text NOT NULL UNIQUE,
        attempts     integer NOT NULL DEFAULT 0,
        run_after    bigint NOT NULL,
        locked_until bigint,
        last_error   text,
        created_at   bigint NOT NULL
      );
      CREATE INDEX judge_jobs_ready ON judge_jobs (run_after, id);
    `,
  },
  {
    version: 8,
    description: 'notification outbox: one webhook delivery per (event, webhook) (src/notify)',
    sql: `
      -- Not ledger rows: a delivery's state changes, the ledger never does. Times are epoch ms.
      -- Replicas claim rows with FOR UPDATE SKIP LOCKED and a lease (locked_until), so no row is
      -- delivered by two replicas at once; id is derived from (event_id, webhook).
      CREATE TABLE notification_outbox (
        id              text PRIMARY KEY,
        event_id        text NOT NULL,
        event           text NOT NULL,
        webhook         text NOT NULL,
        source_id       text,
        payload         text NOT NULL,
        status          text NOT NULL CHECK (status IN ('pending', 'delivering', 'delivered', 'failed', 'dead')),
        attempts        integer NOT NULL DEFAULT 0,
        next_attempt_at bigint NOT NULL,
        locked_until    bigint,
        last_status     integer,
        last_error      text,
        created_at      bigint NOT NULL,
        updated_at      bigint NOT NULL,
        delivered_at    bigint
      );
      CREATE INDEX notification_outbox_ready ON notification_outbox (next_attempt_at) WHERE status IN ('pending', 'failed', 'delivering');
      CREATE INDEX notification_outbox_recent ON notification_outbox (created_at, id);
      CREATE INDEX notification_outbox_status ON notification_outbox (status, created_at);
    `,
  },
  {
    version: 9,
    description: 'tool definition changes are review items (the review candidates index holds them)',
    sql: `
      DROP INDEX ledger_review_candidates;
      CREATE INDEX ledger_review_candidates ON ledger (seq)
        WHERE outcome IN ('escalate', 'request_evidence') AND kind IN ('validate', 'pre_check', 'post_check', 'decision', 'tool_change');
    `,
  },
  {
    version: 10,
    description: 'roles, agent binding and member of API keys; teams and members (src/auth/team-store.ts)',
    // The same statements as the SQLite key store's version 2 (TEAM_TABLES_SQL), kept literal here
    // so the migration never changes under a released database. A test compares the two.
    sql: `
      CREATE TABLE teams (
        name       TEXT PRIMARY KEY,
        agents     TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE members (
        id           TEXT PRIMARY KEY,
        subject      TEXT NOT NULL UNIQUE,
        display_name TEXT,
        source       TEXT NOT NULL CHECK (source IN ('local', 'sso')),
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL
      );
      CREATE TABLE member_roles (
        member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
        team      TEXT NOT NULL REFERENCES teams (name),
        roles     TEXT NOT NULL,
        PRIMARY KEY (member_id, team)
      );
      CREATE INDEX member_roles_team ON member_roles (team);
      ALTER TABLE api_keys ADD COLUMN roles TEXT;
      ALTER TABLE api_keys ADD COLUMN agent_scope TEXT;
      ALTER TABLE api_keys ADD COLUMN member_id TEXT;
      UPDATE api_keys SET roles = '["admin"]' WHERE name = 'bootstrap (BOOTSTRAP_API_KEY)';
    `,
  },
  {
    version: 11,
    description: 'single sign-on: pending AuthnRequests, the assertion replay cache, sessions (src/sso)',
    sql: `
      -- Times are epoch milliseconds. Shared by every replica: a login started on one replica is
      -- completed on any, an assertion replayed to another replica is refused, a logout ends the
      -- session everywhere. A pending AuthnRequest is consumed (deleted) by the response answering it.
      CREATE TABLE sso_requests (
        id          text PRIMARY KEY,
        relay_state text NOT NULL,
        expires_at  bigint NOT NULL
      );
      CREATE TABLE sso_assertions (
        id         text PRIMARY KEY,
        expires_at bigint NOT NULL
      );
      -- Only sha256 of the session id is stored: a copy of the table signs nobody in.
      CREATE TABLE sso_sessions (
        id_hash        text PRIMARY KEY,
        subject        text NOT NULL,
        name_id        text NOT NULL,
        name_id_format text,
        session_index  text,
        tier           text NOT NULL,
        teams          jsonb NOT NULL,
        roles          jsonb NOT NULL,
        created_at     bigint NOT NULL,
        expires_at     bigint NOT NULL,
        revoked_at     bigint
      );
      CREATE INDEX sso_sessions_subject ON sso_sessions (subject);
      CREATE INDEX sso_sessions_expiry ON sso_sessions (expires_at);
    `,
  },
  {
    version: 12,
    description: 'analytics roll-ups keyed by ledger seq, and alert state (src/insight)',
    sql: rollupTablesSql('postgres') + alertTablesSql('postgres') + POSTGRES_TOLERANT_JSON_FUNCTION,
  },
  {
    version: 13,
    description: 'compliance report jobs and their signed files (src/reports)',
    sql: `
      -- Times are epoch milliseconds. Replicas claim queued jobs with FOR UPDATE SKIP LOCKED and a
      -- lease (locked_until): a replica that dies mid-report leaves the job to the next claim.
      CREATE TABLE report_jobs (
        id           text PRIMARY KEY,
        request      text NOT NULL,
        requested_by text NOT NULL,
        status       text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        progress     integer NOT NULL DEFAULT 0,
        attempts     integer NOT NULL DEFAULT 0,
        locked_until bigint,
        error        text,
        created_at   bigint NOT NULL,
        finished_at  bigint
      );
      CREATE INDEX report_jobs_ready ON report_jobs (status, created_at);
      CREATE TABLE report_files (
        job_id     text NOT NULL REFERENCES report_jobs (id) ON DELETE CASCADE,
        format     text NOT NULL,
        content    bytea NOT NULL,
        sha256     text NOT NULL,
        signature  text NOT NULL,
        PRIMARY KEY (job_id, format)
      );
    `,
  },
  {
    version: 14,
    description: 'time-to-decision histograms in the analytics roll-ups (src/insight)',
    sql: reviewColumnsSql('postgres'),
  },
  {
    version: 15,
    description: 'blocked rows indexed apart, for the executions list of blocked calls (only block rows pay for it)',
    sql: BLOCKED_INDEX_SQL,
  },
];
