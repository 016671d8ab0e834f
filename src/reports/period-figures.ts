// The figures of a report, accumulated row by row as the ledger's period is walked (oldest first),
// so a report of millions of rows holds counters, not rows. Pure: rows in, figures out; the walk,
// the clock and the store live in ledger-figures.ts. This is the layer analytics can share.

import { isDecidedKind, type LedgerRow } from '../ledger/index.ts';
import { isReviewItem } from '../oversight/index.ts';

export const OUTCOMES = ['approve', 'block', 'escalate', 'request_evidence'] as const;

export interface DurationFigures { count: number; mean_seconds: number | null; median_seconds: number | null; p95_seconds: number | null; max_seconds: number | null }

export interface PeriodFigures {
  volumes: {
    rows: number;
    by_kind: Record<string, number>;
    decisions: number;
    by_outcome: Record<string, number>;
    by_risk_tier: Record<string, number>;
    agents: number;
    /** Decisions per UTC day of the period (days without any are listed with zeros). */
    daily: Array<{ day: string; decisions: number; allowed: number; blocked: number; escalated: number }>;
  };
  oversight: {
    /** Decisions in the period held for a person (escalate, request_evidence). */
    items_escalated: number;
    /** Verdicts recorded in the period by a person (approve or reject), whenever the item was raised. */
    items_reviewed: number;
    approved: number;
    rejected: number;
    /** Items that reached their deadline without a verdict: the policy default applied, not a person. */
    expired: number;
    /** Human approvals of calls the automated decision held: a person overrode the automated outcome. */
    overrides: number;
    /** From the held decision to its human verdict. */
    time_to_decision: DurationFigures;
    claims: number;
    notes: number;
  };
  policy: {
    versions: Array<{ version: string; first_seen: string; last_seen: string; rows: number }>;
    /** Each point where consecutive rows in scope were decided under a different policy version. */
    changes: Array<{ seq: number; at: string; from: string; to: string }>;
  };
  kill_switch: { events: Array<{ seq: number; at: string; active: boolean; by: string | null; reason: string | null }> };
  data_protection: { pii_erased_rows: number; payload_expired_rows: number };
  certification: {
    events: Array<{ seq: number; at: string; agent_id: string | null; kind: 'certification' | 'revocation'; passed: boolean | null; policy_version: string; by: string | null }>;
  };
  seq_range: { first: number | null; last: number | null };
}

/** A verdict's held item, when the walk did not see it (raised before the period): looked up by the caller. */
export interface HeldItem { created_at: string; outcome: string | null; in_scope: boolean }

export class FiguresAccumulator {
  #rows = 0;
  #byKind = new Map<string, number>();
  #byOutcome = new Map<string, number>(OUTCOMES.map((o) => [o, 0]));
  #byTier = new Map<string, number>();
  #agents = new Set<string>();
  #daily = new Map<string, { decisions: number; allowed: number; blocked: number; escalated: number }>();
  #escalated = 0;
  #approved = 0;
  #rejected = 0;
  #expired = 0;
  #overrides = 0;
  #claims = 0;
  #notes = 0;
  #durations: number[] = [];
  #versions = new Map<string, { version: string; first_seen: string; last_seen: string; rows: number }>();
  #changes: PeriodFigures['policy']['changes'] = [];
  #lastVersion: string | null = null;
  #kill: PeriodFigures['kill_switch']['events'] = [];
  #erased = 0;
  #expiredPayloads = 0;
  #certification: PeriodFigures['certification']['events'] = [];
  #first: number | null = null;
  #last: number | null = null;
  /** Items raised in the period and in scope: their verdicts need no lookup. */
  readonly #items = new Map<string, HeldItem>();

  readonly #period: { from: string; to: string };

  constructor(period: { from: string; to: string }) {
    this.#period = period;
  }

  /** A row in scope. Oversight rows (review, claim, note) come through addOversight with their item. */
  add(row: LedgerRow): void {
    this.#count(row);
    if (isDecidedKind(row.kind) && row.outcome !== null) {
      this.#byOutcome.set(row.outcome, (this.#byOutcome.get(row.outcome) ?? 0) + 1);
      if (row.risk_tier) this.#byTier.set(row.risk_tier, (this.#byTier.get(row.risk_tier) ?? 0) + 1);
      const day = this.#day(row.created_at);
      day.decisions += 1;
      if (row.outcome === 'approve') day.allowed += 1;
      else if (row.outcome === 'block') day.blocked += 1;
      else day.escalated += 1;
    }
    if (isReviewItem(row)) {
      this.#escalated += 1;
      this.#items.set(row.envelope_id, { created_at: row.created_at, outcome: row.outcome, in_scope: true });
    }
    if (row.kind === 'kill_switch') {
      const payload = row.payload ?? {};
      this.#kill.push({
        seq: row.seq, at: row.created_at, active: row.action === 'activate',
        by: typeof payload.actor === 'string' ? payload.actor : null, reason: typeof payload.reason === 'string' ? payload.reason : null,
      });
    }
    if (row.kind === 'certification' || row.kind === 'certification_revocation') {
      const payload = row.payload ?? {};
      const by = row.kind === 'certification' ? payload.requested_by : payload.revoked_by;
      this.#certification.push({
        seq: row.seq, at: row.created_at, agent_id: row.agent_id, kind: row.kind === 'certification' ? 'certification' : 'revocation',
        passed: row.kind === 'certification' ? payload.passed === true : null, policy_version: row.policy_version, by: typeof by === 'string' ? by : null,
      });
    }
  }

  /** Agents seen in scope, sorted (certification status is reported for each). */
  agentIds(): string[] {
    return [...this.#agents].sort();
  }

  /** The item a linked oversight row belongs to, when this walk saw it raised. */
  itemSeen(envelopeId: string): HeldItem | undefined {
    return this.#items.get(envelopeId);
  }

  /** A review, claim or note row whose item is in scope. */
  addOversight(row: LedgerRow, item: HeldItem): void {
    this.#count(row);
    if (row.kind === 'review_claim') this.#claims += 1;
    else if (row.kind === 'review_note') this.#notes += 1;
    else if (row.kind === 'review') {
      if (row.reviewer_id === null) {
        this.#expired += 1;
        return;
      }
      if (row.outcome === 'approve') {
        this.#approved += 1;
        this.#overrides += 1;
      } else {
        this.#rejected += 1;
      }
      const seconds = (Date.parse(row.created_at) - Date.parse(item.created_at)) / 1000;
      if (Number.isFinite(seconds) && seconds >= 0) this.#durations.push(seconds);
    }
  }

  figures(): PeriodFigures {
    return {
      volumes: {
        rows: this.#rows,
        by_kind: Object.fromEntries([...this.#byKind].sort(([a], [b]) => a.localeCompare(b))),
        decisions: [...this.#byOutcome.values()].reduce((a, b) => a + b, 0),
        by_outcome: Object.fromEntries(this.#byOutcome),
        by_risk_tier: Object.fromEntries([...this.#byTier].sort(([a], [b]) => a.localeCompare(b))),
        agents: this.#agents.size,
        daily: this.#allDays(),
      },
      oversight: {
        items_escalated: this.#escalated, items_reviewed: this.#approved + this.#rejected, approved: this.#approved, rejected: this.#rejected,
        expired: this.#expired, overrides: this.#overrides, time_to_decision: durationFigures(this.#durations), claims: this.#claims, notes: this.#notes,
      },
      policy: { versions: [...this.#versions.values()], changes: this.#changes },
      kill_switch: { events: this.#kill },
      data_protection: { pii_erased_rows: this.#erased, payload_expired_rows: this.#expiredPayloads },
      certification: { events: this.#certification },
      seq_range: { first: this.#first, last: this.#last },
    };
  }

  #count(row: LedgerRow): void {
    this.#rows += 1;
    this.#first ??= row.seq;
    this.#last = row.seq;
    this.#byKind.set(row.kind, (this.#byKind.get(row.kind) ?? 0) + 1);
    if (row.agent_id !== null) this.#agents.add(row.agent_id);
    if (row.payload_state === 'erased') this.#erased += 1;
    if (row.payload_state === 'expired') this.#expiredPayloads += 1;
    const seen = this.#versions.get(row.policy_version);
    if (seen) {
      seen.last_seen = row.created_at;
      seen.rows += 1;
    } else {
      this.#versions.set(row.policy_version, { version: row.policy_version, first_seen: row.created_at, last_seen: row.created_at, rows: 1 });
    }
    if (this.#lastVersion !== null && this.#lastVersion !== row.policy_version) {
      this.#changes.push({ seq: row.seq, at: row.created_at, from: this.#lastVersion, to: row.policy_version });
    }
    this.#lastVersion = row.policy_version;
  }

  #day(createdAt: string): { decisions: number; allowed: number; blocked: number; escalated: number } {
    const key = createdAt.slice(0, 10);
    let day = this.#daily.get(key);
    if (!day) this.#daily.set(key, (day = { decisions: 0, allowed: 0, blocked: 0, escalated: 0 }));
    return day;
  }

  #allDays(): PeriodFigures['volumes']['daily'] {
    const out: PeriodFigures['volumes']['daily'] = [];
    const end = Date.parse(this.#period.to);
    for (let t = Date.parse(this.#period.from.slice(0, 10)); t < end; t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      out.push({ day, ...(this.#daily.get(day) ?? { decisions: 0, allowed: 0, blocked: 0, escalated: 0 }) });
    }
    return out;
  }
}

export function durationFigures(values: number[]): DurationFigures {
  if (values.length === 0) return { count: 0, mean_seconds: null, median_seconds: null, p95_seconds: null, max_seconds: null };
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: every figure is a duration that actually occurred.
  const rank = (p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  return {
    count: sorted.length,
    mean_seconds: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    median_seconds: round(rank(0.5)),
    p95_seconds: round(rank(0.95)),
    max_seconds: round(sorted[sorted.length - 1]),
  };
}
