// Computes a report's content from the ledger: one walk over the period's rows (oldest first, a
// page at a time) feeding the pure accumulator, then what the walk cannot see -- retention runs,
// the certification status in force, and the chain proof (head, signed checkpoints, verification
// at generation time). Everything a report states comes from here; formats only render it.

import type { JWK } from 'jose';
import { calculateJwkThumbprint } from 'jose';
import { auditLedger, verifyCheckpointJws, verifyRetentionJws, type Ledger, type LedgerAudit, type LedgerRow } from '../ledger/index.ts';
import { FiguresAccumulator, type HeldItem, type PeriodFigures } from './period-figures.ts';
import type { ReportRequest } from './report-request.ts';
import { timeSlice, type TimeSlice } from '../workers/index.ts';

const PAGE = 1000;
const OVERSIGHT_KINDS: ReadonlySet<string> = new Set(['review', 'review_claim', 'review_note']);
/** Certification status is listed for at most this many agents (the rest are counted). */
const MAX_LISTED_AGENTS = 500;
const MAX_LISTED_CHECKPOINTS = 200;

export class ReportTooLargeError extends Error {
  readonly code = 'REPORT_TOO_LARGE';
}

export interface FigureSources {
  ledger: Ledger;
  /** Public keys of the checkpoint and retention signer (empty: the chain walk alone). */
  trustedKeys(): JWK[];
  /** The credentials (as `actorOf` names them) of a team's members. */
  teamPrincipals(team: string): Promise<ReadonlySet<string>>;
  /** The agent's certificate for the policy in force, if any. */
  currentCertificate(agentId: string): Promise<{ envelope_id: string; expires_at: string | null } | undefined>;
  policyVersion(): string;
}

/** One line of the CSV: a ledger row behind the figures (metadata, never payloads). */
export type RowLine = Pick<LedgerRow, 'seq' | 'created_at' | 'kind' | 'envelope_id' | 'parent_envelope_id' | 'agent_id' | 'action' | 'outcome' | 'risk_tier' | 'policy_version' | 'reviewer_id' | 'payload_state' | 'hash'>;

export interface RetentionRun { kind: string; at: string; key_id: string; signature: 'valid' | 'invalid' | 'unknown_key'; claims: Record<string, unknown> | null }

export interface ChainProof {
  head: { seq: number; hash: string };
  checkpoints: {
    total: number;
    /** Checkpoints inside the period, plus the last one before it and the first after it (their hashes bracket the period's rows). */
    listed: Array<{ seq: number; head_hash: string; key_id: string; created_at: string; signature: 'valid' | 'invalid' | 'unknown_key'; jws: string }>;
  };
  verification: Pick<LedgerAudit, 'valid' | 'rows_checked' | 'from_seq' | 'to_seq' | 'head_hash' | 'first_bad_seq' | 'problem' | 'detail' | 'signatures_checked' | 'erased_rows' | 'expired_rows'>
    & { unprotected_rows: number; verified_at: string };
}

export interface ReportContent {
  figures: PeriodFigures;
  retention_runs: RetentionRun[];
  certification_status: { policy_version: string; agents: Array<{ agent_id: string; certified: boolean; certificate_id: string | null; expires_at: string | null }>; agents_not_listed: number };
  chain: ChainProof;
  rows: RowLine[];
}

export interface CollectOptions {
  /** The walk stops (REPORT_TOO_LARGE) past this many rows in scope. */
  maxRows: number;
  now: () => number;
  /** 0..1 as the walk advances through the period. */
  onProgress?: (fraction: number) => Promise<void> | void;
  /** When the walk gives the event loop back (default: every 10 ms of work). */
  slice?: TimeSlice;
}

export async function collectReport(sources: FigureSources, request: ReportRequest, options: CollectOptions): Promise<ReportContent> {
  const { ledger } = sources;
  const { from, to } = request.period;
  const inScope = await scopeFilter(sources, request);
  const figures = new FiguresAccumulator(request.period);
  const rows: RowLine[] = [];
  const itemLookups = new Map<string, HeldItem | null>();
  const span = Date.parse(to) - Date.parse(from);
  let afterSeq = 0;
  // A SQLite page is read synchronously, so awaiting it never lets a call in: a year's walk held
  // the event loop for seconds. It gives the loop back between pages every slice.
  const slice = options.slice ?? timeSlice();
  for (;;) {
    if (slice.spent()) await slice.yield();
    const page = await ledger.periodRows({ from, to, after_seq: afterSeq, limit: PAGE });
    for (const row of page) {
      let keep = false;
      if (OVERSIGHT_KINDS.has(row.kind) && row.parent_envelope_id !== null) {
        // An oversight row counts where its item does: raised in this walk, or looked up once.
        let item = figures.itemSeen(row.parent_envelope_id) ?? await lookUpItem(ledger, row.parent_envelope_id, inScope, itemLookups);
        // An item metadata retention already deleted still had its verdict: counted for the whole fleet, without a time to decision.
        if (item === null && request.scope.kind === 'all') item = { created_at: '', outcome: null, in_scope: true };
        if (item?.in_scope) {
          figures.addOversight(row, item);
          keep = true;
        }
      } else if (inScope(row)) {
        figures.add(row);
        keep = true;
      }
      if (keep) {
        if (rows.length >= options.maxRows) throw new ReportTooLargeError(`more than ${options.maxRows} ledger rows in scope: narrow the period or the scope`);
        rows.push(rowLine(row));
      }
    }
    if (page.length < PAGE) break;
    afterSeq = page[page.length - 1].seq;
    await options.onProgress?.(Math.min(0.95, (Date.parse(page[page.length - 1].created_at) - Date.parse(from)) / span));
  }
  const periodFigures = figures.figures();
  const keys = await keyIndex(sources.trustedKeys());
  return {
    figures: periodFigures,
    retention_runs: await retentionRuns(ledger, keys, request.period),
    certification_status: await certificationStatus(sources, request, figures.agentIds()),
    chain: await chainProof(ledger, sources.trustedKeys(), keys, periodFigures.seq_range, request.period, options.now),
    rows,
  };
}

async function scopeFilter(sources: FigureSources, request: ReportRequest): Promise<(row: LedgerRow) => boolean> {
  const { scope } = request;
  if (scope.kind === 'agent') return (row) => row.agent_id === scope.agent_id;
  if (scope.kind === 'team') {
    const members = await sources.teamPrincipals(scope.team);
    // The kill switch stops every team's agents: its changes belong in every team's report.
    return (row) => row.kind === 'kill_switch' || (typeof row.payload?.principal === 'string' && members.has(row.payload.principal));
  }
  return () => true;
}

async function lookUpItem(ledger: Ledger, envelopeId: string, inScope: (row: LedgerRow) => boolean, cache: Map<string, HeldItem | null>): Promise<HeldItem | null> {
  const cached = cache.get(envelopeId);
  if (cached !== undefined) return cached;
  const row = await ledger.get(envelopeId);
  const item = row ? { created_at: row.created_at, outcome: row.outcome, in_scope: inScope(row) } : null;
  cache.set(envelopeId, item);
  return item;
}

function rowLine(row: LedgerRow): RowLine {
  return {
    seq: row.seq, created_at: row.created_at, kind: row.kind, envelope_id: row.envelope_id, parent_envelope_id: row.parent_envelope_id,
    agent_id: row.agent_id, action: row.action, outcome: row.outcome, risk_tier: row.risk_tier, policy_version: row.policy_version,
    reviewer_id: row.reviewer_id, payload_state: row.payload_state, hash: row.hash,
  };
}

async function keyIndex(jwks: JWK[]): Promise<Map<string, JWK>> {
  const keys = new Map<string, JWK>();
  for (const jwk of jwks) keys.set(await calculateJwkThumbprint(jwk, 'sha256'), jwk);
  return keys;
}

async function retentionRuns(ledger: Ledger, keys: ReadonlyMap<string, JWK>, period: { from: string; to: string }): Promise<RetentionRun[]> {
  const runs: RetentionRun[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await ledger.retentionRecords({ limit: PAGE, offset });
    for (const record of page) {
      if (record.created_at < period.from || record.created_at >= period.to) continue;
      const checked = await verifyRetentionJws(record.jws, keys);
      runs.push({
        kind: record.kind, at: record.created_at, key_id: record.key_id,
        signature: checked.ok ? 'valid' : checked.problem === 'unknown_key' ? 'unknown_key' : 'invalid',
        claims: checked.ok ? { ...checked.claims } : null,
      });
    }
    if (page.length < PAGE) return runs;
  }
}

async function certificationStatus(sources: FigureSources, request: ReportRequest, agentIds: string[]): Promise<ReportContent['certification_status']> {
  const agents = request.scope.kind === 'agent' ? [request.scope.agent_id] : agentIds;
  const listed = agents.slice(0, MAX_LISTED_AGENTS);
  const status = await Promise.all(listed.map(async (agentId) => {
    const current = await sources.currentCertificate(agentId);
    return { agent_id: agentId, certified: current !== undefined, certificate_id: current?.envelope_id ?? null, expires_at: current?.expires_at ?? null };
  }));
  return { policy_version: sources.policyVersion(), agents: status, agents_not_listed: agents.length - listed.length };
}

async function chainProof(
  ledger: Ledger, trusted: JWK[], keys: ReadonlyMap<string, JWK>, seqs: { first: number | null; last: number | null },
  period: { from: string; to: string }, now: () => number,
): Promise<ChainProof> {
  const head = await ledger.head();
  const listed: ChainProof['checkpoints']['listed'] = [];
  let total = 0;
  let before: ChainProof['checkpoints']['listed'][number] | undefined;
  let after: ChainProof['checkpoints']['listed'][number] | undefined;
  // Newest first: the first one at or past the period's end is the last seen before entering it.
  for (let offset = 0; ; offset += PAGE) {
    const page = await ledger.checkpoints({ limit: PAGE, offset });
    for (const checkpoint of page) {
      total += 1;
      const inPeriod = checkpoint.created_at >= period.from && checkpoint.created_at < period.to;
      const isAfter = checkpoint.created_at >= period.to;
      if (!inPeriod && !(isAfter) && before !== undefined) continue;
      const verified = await verifyCheckpointJws(checkpoint.jws, keys);
      const entry = {
        seq: checkpoint.seq, head_hash: checkpoint.head_hash, key_id: checkpoint.key_id, created_at: checkpoint.created_at, jws: checkpoint.jws,
        signature: verified.ok ? 'valid' as const : verified.problem === 'unknown_key' ? 'unknown_key' as const : 'invalid' as const,
      };
      if (isAfter) after = entry;
      else if (inPeriod) { if (listed.length < MAX_LISTED_CHECKPOINTS) listed.push(entry); }
      else before ??= entry;
    }
    if (page.length < PAGE) break;
  }
  const ordered = [...(before ? [before] : []), ...listed.reverse(), ...(after ? [after] : [])];
  // From the period's first row to the head: the rows after the period link its last row to the newest checkpoints.
  const audit = await auditLedger(ledger, trusted, seqs.first === null ? {} : { from_seq: seqs.first });
  return {
    head,
    checkpoints: { total, listed: ordered },
    verification: {
      valid: audit.valid, rows_checked: audit.rows_checked, from_seq: audit.from_seq, to_seq: audit.to_seq, head_hash: audit.head_hash,
      first_bad_seq: audit.first_bad_seq, problem: audit.problem, detail: audit.detail, signatures_checked: audit.signatures_checked,
      erased_rows: audit.erased_rows, expired_rows: audit.expired_rows, unprotected_rows: audit.checkpoints.unprotected_rows,
      verified_at: new Date(now()).toISOString(),
    },
  };
}
