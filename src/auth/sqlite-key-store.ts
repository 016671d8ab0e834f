// The API key store on node:sqlite, in a file of its own (keys.db beside the ledger by default).
// Several gateway processes and the `govgate keys` CLI may share the file: WAL mode and a busy
// timeout let them, and the revocation counter is how they learn about each other's revokes.

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TIERS } from './entitlements.ts';
import type { ApiKeyRecord, KeyStore, RevokeResult, StoredApiKey } from './key-store.ts';

const SCHEMA_VERSION = 1;
const SCHEMA = `
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
const COLUMNS = 'id, key_hash, hint, name, tier, team, created_at, last_used_at, revoked_at';

export function openSqliteKeyStore(path: string): KeyStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version > SCHEMA_VERSION) throw new Error(`${path} has key store schema ${version}; this gateway knows up to ${SCHEMA_VERSION}: upgrade the gateway`);
    if (version < SCHEMA_VERSION) {
      db.exec('BEGIN IMMEDIATE');
      try {
        db.exec(SCHEMA);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    }
  } catch (error) {
    db.close();
    throw error;
  }

  const insert = db.prepare(`INSERT INTO api_keys (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertIfAbsent = db.prepare(`INSERT INTO api_keys (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`);
  const byHash = db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ?`);
  const all = db.prepare(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`);
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const exists = db.prepare('SELECT 1 AS found FROM api_keys WHERE id = ?');
  const bumpMark = db.prepare('UPDATE api_key_revocations SET mark = mark + 1 WHERE id = 1');
  const readMark = db.prepare('SELECT mark FROM api_key_revocations WHERE id = 1');
  const touch = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)');
  let open = true;

  return {
    async insert(key) {
      insert.run(key.id, key.key_hash, key.hint, key.name, key.tier, key.team, key.created_at, key.last_used_at, key.revoked_at);
    },
    async insertIfAbsent(key) {
      const { changes } = insertIfAbsent.run(key.id, key.key_hash, key.hint, key.name, key.tier, key.team, key.created_at, key.last_used_at, key.revoked_at);
      return Number(changes) === 1 ? 'inserted' : 'exists';
    },
    async findByHash(keyHash) {
      return byHash.get(keyHash) as StoredApiKey | undefined;
    },
    async list() {
      return (all.all() as unknown as StoredApiKey[]).map(({ key_hash: _hash, ...record }): ApiKeyRecord => record);
    },
    async revoke(id, at): Promise<RevokeResult> {
      db.exec('BEGIN IMMEDIATE');
      try {
        const changed = Number(revoke.run(at, id).changes) === 1;
        if (changed) bumpMark.run();
        const found = changed || exists.get(id) !== undefined;
        db.exec('COMMIT');
        return changed ? 'revoked' : found ? 'already_revoked' : 'not_found';
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
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
