// The API key store on node:sqlite, in a file of its own (keys.db beside the ledger by default).
// Several gateway processes and the `govgate keys` CLI may share the file: WAL mode and a busy
// timeout let them, and the revocation counter is how they learn about each other's revokes.

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TIERS } from './entitlements.ts';
import type { ApiKeyRecord, KeyStore, RevokeResult } from './key-store.ts';
import { KEY_COLUMNS, decodeKeyRow, keyValues } from './key-row.ts';
import { TEAM_TABLES_SQL, createTeamStore, type SqlQuery } from './team-store.ts';
// The helper alone, not the ledger package: the key store needs nothing else of it.
import { inImmediateTransaction, inImmediateTransactionAsync } from '../ledger/sqlite/immediate-transaction.ts';

const SCHEMA_VERSION = 2;
// Version 1: keys. Version 2: roles, agent binding and member of a key; teams and members.
const SCHEMA_V1 = `
  CREATE TABLE IF NOT EXISTS api_keys (
    id           TEXT PRIMARY KEY,
    key_hash     TEXT NOT NULL UNIQUE,
    hint         TEXT NOT NULL,
    name         TEXT,
    tier         TEXT NOT NULL CHECK (tier IN (${TIERS.map((tier) => `'${tier}'`).join(', ')})),
    team         TEXT,
    created_at   TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at   TEXT
  ) STRICT;
  CREATE TABLE IF NOT EXISTS api_key_revocations (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    mark INTEGER NOT NULL
  ) STRICT;
  INSERT OR IGNORE INTO api_key_revocations (id, mark) VALUES (1, 0);
`;

export function openSqliteKeyStore(path: string): KeyStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version > SCHEMA_VERSION) throw new Error(`${path} has key store schema ${version}; this gateway knows up to ${SCHEMA_VERSION}: upgrade the gateway`);
    if (version < SCHEMA_VERSION) {
      inImmediateTransaction(db, () => {
        // Read again under the write lock: another process may have migrated since.
        const locked = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
        if (locked < 1) db.exec(SCHEMA_V1);
        if (locked < 2) db.exec(TEAM_TABLES_SQL);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      });
    }
  } catch (error) {
    db.close();
    throw error;
  }

  const placeholders = KEY_COLUMNS.split(',').map(() => '?').join(', ');
  const insert = db.prepare(`INSERT INTO api_keys (${KEY_COLUMNS}) VALUES (${placeholders})`);
  const insertIfAbsent = db.prepare(`INSERT INTO api_keys (${KEY_COLUMNS}) VALUES (${placeholders}) ON CONFLICT (id) DO NOTHING`);
  const byHash = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = ?`);
  const all = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`);
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const exists = db.prepare('SELECT 1 AS found FROM api_keys WHERE id = ?');
  const bumpMark = db.prepare('UPDATE api_key_revocations SET mark = mark + 1 WHERE id = 1');
  const readMark = db.prepare('SELECT mark FROM api_key_revocations WHERE id = 1');
  const touch = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)');
  let open = true;
  const query: SqlQuery = async <R>(text: string, params: unknown[] = []) => db.prepare(text).all(...(params as Array<string | number | null>)) as R[];
  // node:sqlite is synchronous, so nothing else runs on this connection between BEGIN and COMMIT
  // except the awaits of the callback itself, which only issue statements of this transaction.
  let tail: Promise<unknown> = Promise.resolve();
  const teams = createTeamStore({
    query,
    transaction: <T>(fn: (q: SqlQuery) => Promise<T>): Promise<T> => {
      const run = tail.then(() => inImmediateTransactionAsync(db, () => fn(query)));
      tail = run.catch(() => undefined);
      return run;
    },
    credentialsChanged: async () => { bumpMark.run(); },
  });

  return {
    teams,
    async insert(key) {
      insert.run(...keyValues(key));
    },
    async insertIfAbsent(key) {
      const { changes } = insertIfAbsent.run(...keyValues(key));
      return Number(changes) === 1 ? 'inserted' : 'exists';
    },
    async findByHash(keyHash) {
      const row = byHash.get(keyHash);
      return row ? decodeKeyRow(row) : undefined;
    },
    async list() {
      return all.all().map((row) => {
        const { key_hash: _hash, ...record } = decodeKeyRow(row);
        return record as ApiKeyRecord;
      });
    },
    async revoke(id, at): Promise<RevokeResult> {
      return inImmediateTransaction(db, () => {
        const changed = Number(revoke.run(at, id).changes) === 1;
        if (changed) bumpMark.run();
        const found = changed || exists.get(id) !== undefined;
        return changed ? 'revoked' : found ? 'already_revoked' : 'not_found';
      });
    },
    async touch(id, at) {
      touch.run(at, id, at);
    },
    async revocationMark() {
      return (readMark.get() as { mark: number }).mark;
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
