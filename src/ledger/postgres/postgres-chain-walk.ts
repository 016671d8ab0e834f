// verify() for PostgreSQL: streams rows in seq order with a keyset cursor (WHERE seq > last
// ORDER BY seq LIMIT page), fetching the next page while the current one is checked, so memory
// stays bounded by two pages whatever the table size and no transaction stays open for the walk.
// Rows come as arrays (no object per row from pg), and a payload stored as canonical text with
// its PII spans (schema v2) is checked by hashing slices of that text, without parsing it.

import type pg from 'pg';
import { checkPayload, createChainVerifier, type Finding } from '../chain/chain-verifier.ts';
import { startRetainedWalk } from '../chain/retained-chain.ts';
import { timeSlice, type TimeSlice } from '../../workers/time-slice.ts';
import { payloadTextMatches } from '../chain/payload-text.ts';
import { POSTGRES_COLUMNS } from './postgres-batch-append.ts';
import type { ChainHead, StoredRow } from '../stored-row.ts';
import type { LedgerAnchor, VerifyRange, VerifyReport } from '../types.ts';

export const VERIFY_PAGE_ROWS = 2000;

const SELECT_VERIFY_PAGE = `SELECT ${POSTGRES_COLUMNS.join(', ')} FROM ledger WHERE seq > $1 AND seq <= $2 ORDER BY seq LIMIT $3`;
const at = Object.fromEntries(POSTGRES_COLUMNS.map((column, i) => [column, i])) as Record<(typeof POSTGRES_COLUMNS)[number], number>;

/**
 * Verifies rows from_seq..to_seq (default: the retained chain, 1 or retention's anchor + 1, to the
 * head). A range starting later trusts row from_seq - 1 as its anchor.
 */
export async function walkPostgresChain(
  pool: pg.Pool, head: ChainHead, range: VerifyRange = {}, retained: LedgerAnchor | null = null, pageRows = VERIFY_PAGE_ROWS,
  slice: TimeSlice = timeSlice(),
): Promise<VerifyReport> {
  const started = performance.now();
  const begin = await startRetainedWalk(head, range, retained, started, async (seq) =>
    (await pool.query<ChainHead>('SELECT seq, hash FROM ledger WHERE seq = $1', [seq])).rows[0]);
  if (begin.kind === 'done') return begin.report;
  const { anchor, to, done } = begin;

  const verifier = createChainVerifier(anchor, range.proofs);
  const fetchPage = (after: number) => pool.query<unknown[]>({
    name: 'ledger_verify_page_v2',
    text: SELECT_VERIFY_PAGE,
    values: [after, to, pageRows],
    rowMode: 'array',
  });
  let cursor = anchor.seq;
  let ok = true;
  // A page is checked in slices of the event loop (`slice`): one row can be megabytes.
  let next: Promise<pg.QueryResult<unknown[]>> | undefined = fetchPage(cursor);
  while (ok && next) {
    const { rows } = await next;
    next = undefined;
    const last = rows.at(-1)?.[at.seq] as number | undefined;
    // Prefetch: the database reads the next page while this one is checked.
    if (rows.length === pageRows && last !== undefined && last < to) {
      next = fetchPage(last);
      next.catch(() => {}); // awaited below unless verification stops first
    }
    for (const values of rows) {
      cursor = values[at.seq] as number;
      let row: StoredRow;
      try {
        row = decodeVerifyRow(values);
      } catch (err) {
        verifier.reject(cursor, { problem: 'payload_tampered', detail: `row ${cursor} does not decode: ${(err as Error).message}` });
        ok = false;
        break;
      }
      ok = verifier.checkWith(row, () => checkPayloadColumns(row, values[at.payload] as string | null, values[at.pii_spans] as string | null));
      if (!ok) break;
      if (slice.spent()) await slice.yield();
    }
  }
  if (ok) verifier.expectEnd(to);
  return done(verifier.report(performance.now() - started));
}

/** The row with its small JSON columns parsed; the payload stays text (see checkPayloadColumns). */
function decodeVerifyRow(values: unknown[]): StoredRow {
  const salts = values[at.pii_salts] as string | null;
  return {
    seq: values[at.seq] as number,
    envelope_id: values[at.envelope_id] as string,
    parent_envelope_id: values[at.parent_envelope_id] as string | null,
    kind: values[at.kind] as StoredRow['kind'],
    agent_id: values[at.agent_id] as string | null,
    action: values[at.action] as string | null,
    outcome: values[at.outcome] as StoredRow['outcome'],
    risk_tier: values[at.risk_tier] as StoredRow['risk_tier'],
    risk_score: values[at.risk_score] as number | null,
    final_confidence: values[at.final_confidence] as number | null,
    policy_version: values[at.policy_version] as string,
    score_version: values[at.score_version] as string,
    reviewer_id: values[at.reviewer_id] as string | null,
    review_deadline: values[at.review_deadline] as string | null,
    created_at: values[at.created_at] as string,
    payload: null,
    payload_state: values[at.payload_state] as StoredRow['payload_state'],
    pii_paths: JSON.parse(values[at.pii_paths] as string) as string[],
    pii_commitments: JSON.parse(values[at.pii_commitments] as string) as Record<string, string>,
    pii_salts: salts === null ? null : JSON.parse(salts) as Record<string, string>,
    payload_digest: values[at.payload_digest] as string,
    prev_hash: values[at.prev_hash] as string,
    hash: values[at.hash] as string,
  };
}

/**
 * A payload with spans is first checked as text (payloadTextMatches); a row without spans (written
 * before schema v2), an expired one, or one the text check does not clear is parsed and checked by
 * checkPayload, which is the authority and names the problem.
 */
function checkPayloadColumns(row: StoredRow, text: string | null, spansText: string | null): Finding | null {
  if (text !== null && spansText !== null) {
    let spans: unknown;
    try { spans = JSON.parse(spansText); } catch { spans = undefined; }
    if (spans !== undefined && payloadTextMatches(row, text, spans)) return null;
  }
  try {
    row.payload = text === null ? null : JSON.parse(text) as StoredRow['payload'];
  } catch (err) {
    return { problem: 'payload_tampered', detail: `row ${row.seq} does not decode: ${(err as Error).message}` };
  }
  return checkPayload(row);
}
