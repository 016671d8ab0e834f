// The Ledger contract every store honours (node:sqlite and PostgreSQL). Rows are append-only;
// only payload fields may later be erased (PII) or dropped (retention), and the hash chain is
// built so that neither breaks verification. Past METADATA_YEARS, metadata retention deletes a
// prefix of the chain, leaving an anchor (seq and hash of the last deleted row) to verify from.

import type { Outcome, RiskTier } from '../governance/types.ts';
import type { RollupReport } from '../insight/analytics/rollup.ts';

export const ENTRY_KINDS = [
  'validate', 'pre_check', 'post_check', 'decision', 'review', 'kill_switch', 'judge',
  'tool_pin', 'tunnel', 'idempotency_conflict', 'certification', 'certification_revocation',
  // Human oversight (src/oversight): claims and notes on a review item, approval grants, their
  // revocations and their uses. A 'review' row is the item's verdict (approved, rejected, expired).
  'review_claim', 'review_note', 'approval', 'approval_revoked', 'approval_use',
  // An operator sent a dead or failing webhook delivery back to the outbox (src/notify).
  'notification_retry',
  // A changed MCP tool definition waiting for a human (a review item, src/oversight/tool-change.ts),
  // and a forwarded call whose outcome never came back (src/oversight/outcome-reconciler.ts).
  'tool_change', 'outcome_unknown',
  // Access control (src/auth): a member, key, role or team agent change, naming who made it; and
  // an agent-bound credential naming another agent (refused, recorded).
  'access', 'agent_mismatch',
  // A person acknowledged or silenced an alert (src/insight/alerts).
  'alert_ack',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** An agent's calls, each decided by the pipeline (validate, pre-check, post-check). */
export const CALL_KINDS = ['validate', 'pre_check', 'post_check'] as const satisfies readonly EntryKind[];
/**
 * Kinds that carry a decision: the agent's calls and re-run decisions. Their outcomes are what
 * analytics, reports, team usage and the agent's recent outcomes count.
 */
export const DECIDED_KINDS = [...CALL_KINDS, 'decision'] as const satisfies readonly EntryKind[];
/**
 * What can become a review item: a decided row, or a changed MCP tool definition
 * (src/oversight/tool-change.ts). The partial index ledger_review_candidates holds exactly these, in
 * this order: SQLite uses a partial index only for a query that names the same IN list.
 */
export const REVIEW_ITEM_KINDS = [...DECIDED_KINDS, 'tool_change'] as const satisfies readonly EntryKind[];

export const isCallKind = (kind: string): boolean => (CALL_KINDS as readonly string[]).includes(kind);
export const isDecidedKind = (kind: string): boolean => (DECIDED_KINDS as readonly string[]).includes(kind);
export const isReviewItemKind = (kind: string): boolean => (REVIEW_ITEM_KINDS as readonly string[]).includes(kind);

/** Kinds as an SQL IN list, `('validate', 'pre_check')`. Kinds are our constants, never input. */
export function kindsSql(kinds: readonly EntryKind[]): string {
  return `(${kinds.map((kind) => `'${kind}'`).join(', ')})`;
}

/** What a caller appends. The store assigns seq, created_at, digests and hashes. */
export interface LedgerEntry {
  envelope_id: string;
  parent_envelope_id: string | null;
  kind: EntryKind;
  agent_id: string | null;
  /** The tool/action name for pre-checks, null otherwise. */
  action: string | null;
  outcome: Outcome | null;
  risk_tier: RiskTier | null;
  risk_score: number | null;
  final_confidence: number | null;
  policy_version: string;
  score_version: string;
  /** Set for escalate / request_evidence outcomes: the review queue reads these. */
  reviewer_id: string | null;
  review_deadline: string | null;
  /** The whole record: request, scores, decision, response. Personal data inside is committed per field. */
  payload: Record<string, unknown>;
}

export type PayloadState = 'present' | 'erased' | 'expired';

export interface LedgerRow extends Omit<LedgerEntry, 'payload'> {
  seq: number;
  created_at: string;
  /** null when the payload expired (retention); erased fields read "[erased]". */
  payload: Record<string, unknown> | null;
  payload_state: PayloadState;
  /** Dotted paths of the payload leaves that held personal data. */
  pii_paths: string[];
  payload_digest: string;
  prev_hash: string;
  hash: string;
}

/** Row metadata without the payload, for listings. */
export type LedgerRowSummary = Omit<LedgerRow, 'payload'>;

export interface ListQuery {
  agent_id?: string;
  /** Only rows of these agents (team agent patterns, src/ledger/agent-patterns.ts); [] matches nothing. */
  agents?: readonly string[];
  kind?: EntryKind;
  /** The row's action (tool) name. */
  action?: string;
  outcome?: Outcome;
  /** ISO-8601 bounds on created_at: from (inclusive) and to (exclusive). */
  created_after?: string;
  created_before?: string;
  limit: number;
  offset: number;
}

/** Where a review item stands; `open` = pending or claimed, `resolved` = approved, rejected or expired. */
export const REVIEW_STATUSES = ['pending', 'claimed', 'approved', 'rejected', 'expired'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_FILTERS = [...REVIEW_STATUSES, 'open', 'resolved'] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number];

export interface ReviewQuery {
  status?: ReviewStatusFilter;
  /** true: open items past their deadline; false: everything else. */
  overdue?: boolean;
  tier?: RiskTier;
  agent_id?: string;
  /** Only items of these agents (team agent patterns); [] matches nothing. */
  agents?: readonly string[];
  /** The item's action (tool) name. */
  action?: string;
  limit: number;
  offset: number;
  /** Epoch ms; decides which pending items are overdue. */
  now: number;
}

/**
 * Where a pre-check's call stands, derived from the rows linked to it: completed (a post-check),
 * outcome_unknown (forwarded, and its outcome never came back by its deadline), blocked (the
 * decision or a reviewer said block), awaiting_review (escalated, no verdict yet), in_flight
 * (allowed and not yet post-checked).
 */
export const EXECUTION_STATUSES = ['in_flight', 'awaiting_review', 'completed', 'blocked', 'outcome_unknown'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export interface ExecutionQuery {
  status?: ExecutionStatus;
  agent_id?: string;
  /** Only calls of these agents (team agent patterns); [] matches nothing. */
  agents?: readonly string[];
  /** ISO-8601 bounds on the pre-check's created_at (the reconciler's window). */
  created_after?: string;
  created_before?: string;
  /** The pre-check's action (tool) name and decision outcome. */
  action?: string;
  outcome?: Outcome;
  /** newest (default, seq descending) or oldest first. */
  order?: 'newest' | 'oldest';
  /** Only pre-checks after this seq: a reader that walks the ledger once (the outcome reconciler). */
  after_seq?: number;
  /** Only these pre-checks (at most MAX_EXECUTION_IDS). */
  envelope_ids?: readonly string[];
  limit: number;
  offset: number;
}

/** The most envelope ids one executions query may name. */
export const MAX_EXECUTION_IDS = 1000;

export interface ExecutionItem extends LedgerRowSummary {
  execution_status: ExecutionStatus;
  /** The post_check row (completed) or outcome_unknown row that settled the call, else null. */
  outcome_envelope_id: string | null;
}

export interface UsageQuery {
  /** ISO-8601 UTC, inclusive. */
  from: string;
  /** ISO-8601 UTC, exclusive. */
  to: string;
  /** Only these agents' rows (team agent patterns); undefined: every agent. */
  agents?: readonly string[];
}

export interface UsageCounts {
  /** Rows per agent, kind and outcome. */
  agents: Array<{ agent_id: string; kind: EntryKind; outcome: Outcome | null; count: number }>;
  /** Oversight rows (verdicts, claims, notes, grants) per acting principal (`reviewer_id`, e.g. `api_key:key_…`). */
  actors: Array<{ actor: string; kind: EntryKind; count: number }>;
}

export interface ReviewItem {
  envelope_id: string;
  seq: number;
  kind: EntryKind;
  agent_id: string | null;
  action: string | null;
  outcome: Outcome;
  risk_tier: RiskTier | null;
  reviewer_id: string | null;
  review_deadline: string | null;
  status: ReviewStatus;
  /** Open (pending or claimed) past its review_deadline: the expiry job will expire it. */
  overdue: boolean;
  /** Who holds the claim, while claimed. */
  claimed_by: string | null;
  created_at: string;
  /** The review row that resolved it (its verdict), when resolved. */
  resolution_envelope_id: string | null;
}

/**
 * A page of the rows created in [from, to) (ISO-8601), oldest first, after `after_seq`: how
 * reports walk a period in bounded memory (src/reports). `agent_id` narrows to one agent.
 */
export interface PeriodQuery {
  from: string;
  to: string;
  after_seq: number;
  limit: number;
  agent_id?: string;
}

export interface VerifyRange {
  from_seq?: number;
  to_seq?: number;
  /** What trusted signatures prove, checked row by row during the walk (ledger-audit.ts gathers them). */
  proofs?: VerifyProofs;
}

/** Facts signed by a trusted key, in the form the walk checks them in. */
export interface VerifyProofs {
  /** seq -> the chain hash a trusted checkpoint signed at that seq. */
  checkpoints: ReadonlyMap<number, string>;
  /**
   * Payload-expiry runs sorted by through_seq, each with the latest cut-off (epoch ms) of it and
   * every run after it: an expired row at seq s is proven when some run with through_seq >= s has
   * a cut-off later than the row's created_at.
   */
  expiry: ReadonlyArray<{ through_seq: number; covers_before_ms: number }>;
}

/**
 * The chain walk's problems, then what only signatures reveal: a rewrite with recomputed hashes
 * (checkpoint_mismatch), rows cut off below a signed checkpoint (truncated), a payload expired
 * without a signed retention run covering it (expiry_unproven), a deleted prefix no signed
 * retention run vouches for (anchor_unsigned), and a stored signature that does not verify.
 */
export type VerifyProblem =
  | 'hash_mismatch' | 'prev_hash_mismatch' | 'payload_tampered' | 'seq_gap'
  | 'checkpoint_mismatch' | 'truncated' | 'expiry_unproven' | 'anchor_unsigned' | 'signature_invalid';

export interface VerifyReport {
  valid: boolean;
  rows_checked: number;
  from_seq: number | null;
  to_seq: number | null;
  head_hash: string | null;
  /** Rows whose PII was erased / whose payload expired: verified through their commitments. */
  erased_rows: number;
  expired_rows: number;
  first_bad_seq: number | null;
  problem: VerifyProblem | null;
  detail: string | null;
  duration_ms: number;
  /**
   * Metadata retention deleted rows 1..anchored_at_seq; the retained chain starts after it and
   * was checked from the stored anchor's hash. null: nothing was ever deleted.
   */
  anchored_at_seq: number | null;
  /** How many rows at the start of the chain metadata retention deleted (= anchored_at_seq, or 0). */
  rows_deleted_before: number;
}

/**
 * Where the retained chain starts once metadata retention deleted its oldest rows: seq and hash
 * of the last deleted row (row seq + 1 links to `hash`), written in the transaction that deleted.
 */
export interface LedgerAnchor {
  seq: number;
  hash: string;
  /** When the run that moved the anchor here deleted its rows. */
  retired_at: string;
  /** Rows that run deleted (the rows after the previous anchor). */
  rows_deleted: number;
}

export interface EraseResult {
  envelope_id: string;
  seq: number;
  erased_paths: string[];
  already_erased: boolean;
}

/** A signed statement of the chain head at `seq` (compact JWS, see checkpoints.ts), kept in the ledger's store. */
export interface LedgerCheckpoint {
  seq: number;
  head_hash: string;
  /** The signing key's JWK thumbprint (RFC 7638). */
  key_id: string;
  jws: string;
  created_at: string;
}

/**
 * What a retention run states, signed before it changes anything: payload expiry drops payloads
 * of rows up to `through_seq` created before `created_before`; metadata retirement deletes rows
 * 1..anchor_seq (whose last hash is anchor_hash), all created before `created_before`. Verify
 * accepts an expired row or an anchor only when such a statement, signed by a trusted key, covers it.
 */
export type RetentionClaims =
  | { v: 1; kind: 'payload_expiry'; through_seq: number; created_before: string; hot_payload_days: number | null; run_at: string }
  | { v: 1; kind: 'metadata_retirement'; anchor_seq: number; anchor_hash: string; created_before: string; run_at: string };

/** A stored retention statement: a compact JWS over RetentionClaims (typ govgate-retention+jws). */
export interface RetentionRecord {
  kind: RetentionClaims['kind'];
  /** The signing key's JWK thumbprint. */
  key_id: string;
  jws: string;
  created_at: string;
}

/** Periodic jobs that one process of a fleet runs at a time. */
export type ExclusiveJob = 'retention' | 'checkpoint' | 'review_expiry' | 'review_expiring_notice' | 'outcome_reconcile';

/** A round of the analytics roll-up (src/insight/analytics/rollup.ts) run by the ledger's writer. */
export interface WriterRollupOptions {
  /** Most ledger rows to add in this round. */
  maxRows: number;
  batchRows: number;
  /** After each batch, pause this many times as long as the batch took. */
  pauseRatio: number;
}

export interface Ledger {
  /** Durable when the promise resolves (group-committed with concurrent appends). */
  append(entry: LedgerEntry): Promise<LedgerRow>;
  get(envelopeId: string): Promise<LedgerRow | undefined>;
  /** The first row of `kind` whose parent is `parentEnvelopeId` (post-check idempotency). */
  findChild(parentEnvelopeId: string, kind: EntryKind): Promise<LedgerRow | undefined>;
  /** Every row whose parent is `parentEnvelopeId`, oldest first, up to `limit` (default 1000). */
  children(parentEnvelopeId: string, limit?: number): Promise<LedgerRow[]>;
  /** The newest row of a kind (the kill switch's current state), or undefined. */
  latest(kind: EntryKind): Promise<LedgerRow | undefined>;
  list(query: ListQuery): Promise<{ rows: LedgerRowSummary[]; total: number }>;
  /** The agent's most recent decided rows, newest first, without the kill switch's blocks (the operator's, not the agent's). */
  recentOutcomes(agentId: string, limit: number): Promise<Array<{ outcome: Outcome; final_confidence: number | null; created_at: string }>>;
  reviewQueue(query: ReviewQuery): Promise<{ items: ReviewItem[]; total: number }>;
  /** Pre-check rows with the status of their call (see EXECUTION_STATUSES). */
  executions(query: ExecutionQuery): Promise<{ items: ExecutionItem[]; total: number }>;
  /** A page of executions() without the total, which costs as much again: for a reader walking the ledger. */
  executionPage(query: ExecutionQuery): Promise<ExecutionItem[]>;
  /** Row counts over a period, per agent and per acting principal (GET /v1/team/usage). */
  usage(query: UsageQuery): Promise<UsageCounts>;
  /** Rows created in a period, oldest first, one page at a time (walks the created_at index). */
  periodRows(query: PeriodQuery): Promise<LedgerRow[]>;
  verify(range?: VerifyRange): Promise<VerifyReport>;
  erasePii(envelopeId: string): Promise<EraseResult | undefined>;
  /**
   * Retention: drops the payload (and PII salts) of every row created before `createdBefore`
   * (ISO-8601) whose payload is still stored; returns how many rows changed. Metadata, digests
   * and commitments stay, so verify() remains valid.
   */
  expirePayloads(createdBefore: string): Promise<number>;
  /**
   * Metadata retention, step 1: the seq of the last row of the contiguous prefix created before
   * `createdBefore` (ISO-8601) that may be deleted: it stops at the first row still within
   * retention and never reaches the head row. null when nothing past the anchor qualifies.
   */
  retirablePrefix(createdBefore: string): Promise<number | null>;
  /**
   * Metadata retention, step 2 (the caller verified rows anchor + 1..through.seq first): in one
   * transaction, records `through` as the new anchor and deletes the rows up to it. Refuses
   * (LEDGER_INVALID_ARGUMENT) a `through` that is the head, not past the anchor, or whose row
   * does not have that hash.
   */
  retirePrefix(through: { seq: number; hash: string }, retiredAt: string): Promise<LedgerAnchor>;
  /** The newest anchor (the retained chain starts at its seq + 1), or null when no row was ever deleted. */
  anchor(): Promise<LedgerAnchor | null>;
  /** The newest row's seq and hash as the store has it ({0, 64 zeros} when empty). */
  head(): Promise<{ seq: number; hash: string }>;
  /** Stores a checkpoint; false (and nothing changes) when one already exists at its seq. */
  addCheckpoint(checkpoint: LedgerCheckpoint): Promise<boolean>;
  /** Checkpoints newest first. */
  checkpoints(query: { limit: number; offset: number }): Promise<LedgerCheckpoint[]>;
  /** Stores a retention run's signed statement (append-only; the signature is checked by whoever reads it). */
  addRetentionRecord(record: RetentionRecord): Promise<void>;
  /** Retention statements in the order they were stored, one page at a time. */
  retentionRecords(query: { limit: number; offset: number }): Promise<RetentionRecord[]>;
  /**
   * Runs `task` unless another process of the fleet is running the same job (PostgreSQL: a
   * session advisory lock; SQLite: a file has one gateway, so it always runs).
   */
  runExclusive<T>(job: ExclusiveJob, task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /**
   * SQLite file: runs an analytics roll-up round on the writer thread, which owns the file's
   * write connection, so the round never blocks this event loop nor waits for the file's lock.
   * Absent elsewhere (the roll-up then runs on the insight connection).
   */
  runRollup?(options: WriterRollupOptions): Promise<RollupReport>;
  /** True when the store can be read and written. */
  ping(): Promise<boolean>;
  /** Flushes pending appends, then closes. */
  close(): Promise<void>;
}
