// The only UPDATEs the SQLite ledger ever runs: PII erasure and payload expiry. Both touch
// payload columns only (payload, pii_salts, payload_state), never what the row hash covers.

import type { DatabaseSync } from 'node:sqlite';
import { erasePayload } from '../chain/pii-commitments.ts';
import { toIsoUtc } from '../query-validation.ts';
import { decodeRow, SELECT_ROW } from '../row-codec.ts';
import type { Ledger } from '../types.ts';

type Erasure = Pick<Ledger, 'erasePii' | 'expirePayloads'>;
type SyncErasure = { [K in keyof Erasure]: (...args: Parameters<Erasure[K]>) => Awaited<ReturnType<Erasure[K]>> };

export function createSqlitePayloadEraser(db: DatabaseSync): SyncErasure {
  const byEnvelope = db.prepare(`${SELECT_ROW} WHERE envelope_id = ?`);
  const erase = db.prepare(
    `UPDATE ledger SET payload = ?, pii_salts = NULL, payload_state = 'erased' WHERE seq = ? AND payload_state = 'present'`,
  );
  const expire = db.prepare(
    `UPDATE ledger SET payload = NULL, pii_salts = NULL, payload_state = 'expired'
      WHERE created_at < ? AND payload_state <> 'expired'`,
  );

  return {
    erasePii(envelopeId) {
      const found = byEnvelope.get(envelopeId);
      if (!found) return undefined;
      const row = decodeRow(found);
      const result = { envelope_id: row.envelope_id, seq: row.seq, erased_paths: row.pii_paths };
      // An expired payload holds no PII any more, so it counts as erased too.
      if (row.payload_state !== 'present') return { ...result, already_erased: true };
      // Nothing personal was found at append time: nothing to erase, and the row stays 'present'.
      if (row.pii_paths.length === 0 || row.payload === null) return { ...result, already_erased: false };
      erase.run(JSON.stringify(erasePayload(row.payload, row.pii_paths)), row.seq);
      return { ...result, already_erased: false };
    },
    expirePayloads(createdBefore) {
      const cutoff = toIsoUtc(createdBefore, 'createdBefore');
      return Number(expire.run(cutoff).changes);
    },
  };
}
