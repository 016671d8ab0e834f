// Approvals as grants: a human approves more than one call. A grant is an 'approval' ledger row
// (agent, tool, scope); revoking it appends 'approval_revoked'; each call it answers appends an
// 'approval_use'. Uses of a bounded grant (once, count) have derived ids (grant, n), so two
// processes racing for its last use write the same id and the store admits one: the loser
// reads again and finds the grant spent. Nothing is updated, and the ledger is the only state.

import { ApiError } from '../http/index.ts';
import { SCORE_VERSION } from '../governance/index.ts';
import { canonicalJson, newEnvelopeId, sha256Hex, type Ledger, type LedgerRow } from '../ledger/index.ts';
import type { PolicyBundle, RuleApproval, RuleToolCall } from '../policy/index.ts';
import type { GrantMatch, GrantPort } from '../runtime/oversight-hooks.ts';
import { grantCondition } from './grant-condition.ts';
import { publishReviewEvent } from './review-events.ts';
import { derivedEnvelopeId, grantUseId, isDuplicateEnvelope } from './transition-id.ts';

export const GRANT_SCOPES = ['once', 'session', 'count', 'ttl', 'condition'] as const;
export const DEFAULT_GRANT_TTL_SECONDS = 86400;
/** Grants of one agent consulted per escalation, newest first. */
const GRANTS_SCANNED = 200;

export interface ScopeRequest {
  scope: (typeof GRANT_SCOPES)[number];
  count?: number;
  session_id?: string;
  ttl_seconds?: number;
  condition?: string;
}

export interface GrantView {
  id: string;
  agent_id: string;
  tool: string;
  scope: string;
  arguments_hash: string | null;
  session_id: string | null;
  condition: string | null;
  granted_by: string;
  note: string;
  from_review: string | null;
  created_at: string;
  expires_at: string;
  uses: number;
  max_uses: number | null;
  revoked: boolean;
  active: boolean;
}

/** SHA-256 of the canonical JSON of the exact tool and arguments: what a `once` grant is bound to. */
export function callHash(tool: string, args: unknown): string {
  return sha256Hex(canonicalJson({ tool, arguments: args ?? {} }));
}

export class GrantBook implements GrantPort {
  readonly #ledger: Ledger;
  readonly #policies: { current(): PolicyBundle };
  readonly #now: () => number;

  constructor(ledger: Ledger, policies: { current(): PolicyBundle }, now: () => number = Date.now) {
    this.#ledger = ledger;
    this.#policies = policies;
    this.#now = now;
  }

  /** 422 for a scope that lacks what it needs (count, session_id, a CEL condition that parses). */
  checkScope(scope: ScopeRequest): void {
    const fail = (path: string, message: string): never => {
      throw new ApiError('VALIDATION_FAILED', `grant.${path} ${message}`, { errors: [{ path: `grant.${path}`, message }] });
    };
    if (scope.scope === 'count' && scope.count === undefined) fail('count', 'is required for scope count');
    if (scope.scope === 'session' && scope.session_id === undefined) fail('session_id', 'is required for scope session');
    if (scope.scope === 'condition') {
      if (scope.condition === undefined) fail('condition', 'is required for scope condition');
      try { grantCondition(scope.condition!); } catch (error) { fail('condition', (error as Error).message); }
    }
  }

  async grant(input: { agentId: string; tool: string; args?: Record<string, unknown>; scope: ScopeRequest; by: string; note: string; fromReview?: LedgerRow }): Promise<GrantView> {
    this.checkScope(input.scope);
    const { scope } = input;
    const expiresAt = new Date(this.#now() + (scope.ttl_seconds ?? DEFAULT_GRANT_TTL_SECONDS) * 1000).toISOString();
    const row = await this.#ledger.append({
      envelope_id: newEnvelopeId(), parent_envelope_id: input.fromReview?.envelope_id ?? null, kind: 'approval',
      agent_id: input.agentId, action: input.tool, outcome: 'approve', risk_tier: input.fromReview?.risk_tier ?? null,
      risk_score: null, final_confidence: null, policy_version: this.#policies.current().version, score_version: SCORE_VERSION,
      reviewer_id: input.by, review_deadline: null,
      payload: {
        scope: scope.scope,
        max_uses: scope.scope === 'once' ? 1 : scope.scope === 'count' ? scope.count! : null,
        arguments_hash: scope.scope === 'once' ? callHash(input.tool, input.args) : null,
        session_id: scope.session_id ?? null,
        condition: scope.condition ?? null,
        expires_at: expiresAt,
        granted_by: input.by,
        note: input.note,
      },
    });
    publishReviewEvent({
      type: 'approval.granted', envelope_id: input.fromReview?.envelope_id ?? null, row_envelope_id: row.envelope_id, by: input.by,
      at: row.created_at, agent_id: input.agentId, tool: input.tool, risk_tier: row.risk_tier, grant_id: row.envelope_id, note: input.note,
    });
    return this.#view(row, []);
  }

  /** A grant given while approving a review item: bound to that item's agent, tool and arguments. */
  grantFromReview(item: LedgerRow, scope: ScopeRequest, by: string, note: string): Promise<GrantView> {
    const request = (item.payload?.request ?? item.payload?.pre_check ?? {}) as { params?: Record<string, unknown>; action?: string };
    const tool = item.action ?? request.action;
    if (!item.agent_id || !tool) {
      throw new ApiError('VALIDATION_FAILED', 'Only a pre-check names a tool a grant can cover.', { errors: [{ path: 'grant', message: 'the item names no tool' }] });
    }
    return this.grant({ agentId: item.agent_id, tool, args: request.params ?? {}, scope, by, note, fromReview: item });
  }

  async get(id: string): Promise<GrantView> {
    const row = await this.#ledger.get(id);
    if (!row || row.kind !== 'approval') throw new ApiError('GRANT_NOT_FOUND', `No approval grant with id ${id}.`);
    return this.#view(row, await this.#ledger.children(id));
  }

  /** `agents`: only grants of these agents (a team's agent patterns). */
  async list(query: { agentId?: string; agents?: readonly string[]; limit: number; offset: number; activeOnly?: boolean }): Promise<GrantView[]> {
    const { rows } = await this.#ledger.list({
      kind: 'approval', agent_id: query.agentId, ...(query.agents === undefined ? {} : { agents: query.agents }), limit: query.limit, offset: query.offset,
    });
    const views = await Promise.all(rows.map((summary) => this.get(summary.envelope_id)));
    return query.activeOnly ? views.filter((view) => view.active) : views;
  }

  async revoke(id: string, by: string, note: string | null): Promise<GrantView> {
    const grant = await this.get(id);
    if (grant.revoked) throw new ApiError('GRANT_REVOKED', `Approval grant ${id} is already revoked.`);
    try {
      const row = await this.#ledger.append({
        envelope_id: derivedEnvelopeId('grant-revoke', id), parent_envelope_id: id, kind: 'approval_revoked', agent_id: grant.agent_id,
        action: grant.tool, outcome: null, risk_tier: null, risk_score: null, final_confidence: null,
        policy_version: this.#policies.current().version, score_version: SCORE_VERSION, reviewer_id: by, review_deadline: null,
        payload: { action: 'revoke', by, note },
      });
      publishReviewEvent({ type: 'approval.revoked', envelope_id: grant.from_review, row_envelope_id: row.envelope_id, by, at: row.created_at, agent_id: grant.agent_id, tool: grant.tool, risk_tier: null, grant_id: id });
    } catch (error) {
      if (isDuplicateEnvelope(error)) throw new ApiError('GRANT_REVOKED', `Approval grant ${id} is already revoked.`);
      throw error;
    }
    return this.get(id);
  }

  async consume(call: { agentId: string; tool: string; params: Record<string, unknown>; sessionId: string | null; now: number; principal?: string | null }): Promise<GrantMatch | undefined> {
    const { rows } = await this.#ledger.list({ kind: 'approval', agent_id: call.agentId, limit: GRANTS_SCANNED, offset: 0 });
    for (const summary of rows) {
      if (summary.action !== call.tool) continue;
      const match = await this.#tryUse(summary.envelope_id, call);
      if (match) return match;
    }
    return undefined;
  }

  async standing(query: { agentId: string; tools: readonly string[]; sessionId: string | null; now: number; principal?: string | null }): Promise<(call: RuleToolCall) => RuleApproval[]> {
    const { rows } = await this.#ledger.list({ kind: 'approval', agent_id: query.agentId, limit: GRANTS_SCANNED, offset: 0 });
    const ofTools = rows.filter((summary) => summary.action !== null && query.tools.includes(summary.action));
    const grants = (await Promise.all(ofTools.map((summary) => this.get(summary.envelope_id))))
      .filter((grant) => grant.active && Date.parse(grant.expires_at) > query.now && !selfGranted(grant, query.principal));
    return (call) => grants
      .filter((grant) => covers(grant, { tool: call.name, params: call.params, sessionId: query.sessionId }))
      .map(ruleApproval);
  }

  async #tryUse(id: string, call: { tool: string; params: Record<string, unknown>; sessionId: string | null; now: number; principal?: string | null }): Promise<GrantMatch | undefined> {
    // Bounded by max_uses: each lost race means another process used one, so this ends.
    for (;;) {
      const grant = await this.get(id);
      if (!grant.active || Date.parse(grant.expires_at) <= call.now || !covers(grant, call) || selfGranted(grant, call.principal)) return undefined;
      const bounded = grant.max_uses !== null;
      const useId = bounded ? grantUseId(id, grant.uses + 1) : newEnvelopeId();
      try {
        const row = await this.#ledger.append({
          envelope_id: useId, parent_envelope_id: id, kind: 'approval_use', agent_id: grant.agent_id, action: grant.tool,
          outcome: 'approve', risk_tier: null, risk_score: null, final_confidence: null, policy_version: this.#policies.current().version,
          score_version: SCORE_VERSION, reviewer_id: grant.granted_by, review_deadline: null,
          payload: { grant_id: id, use: grant.uses + 1, arguments_hash: callHash(call.tool, call.params), session_id: call.sessionId },
        });
        publishReviewEvent({ type: 'approval.used', envelope_id: grant.from_review, row_envelope_id: row.envelope_id, by: grant.granted_by, at: row.created_at, agent_id: grant.agent_id, tool: grant.tool, risk_tier: null, grant_id: id });
        return { grant_id: id, use_envelope_id: row.envelope_id, reason: `Approved by standing grant ${id} (${grant.scope}) from ${grant.granted_by}: ${grant.note}` };
      } catch (error) {
        if (!isDuplicateEnvelope(error)) throw error;
      }
    }
  }

  #view(row: LedgerRow, children: readonly LedgerRow[]): GrantView {
    const p = (row.payload ?? {}) as Record<string, unknown>;
    const uses = children.filter((child) => child.kind === 'approval_use').length;
    const revoked = children.some((child) => child.kind === 'approval_revoked');
    const maxUses = typeof p.max_uses === 'number' ? p.max_uses : null;
    const expiresAt = typeof p.expires_at === 'string' ? p.expires_at : row.created_at;
    return {
      id: row.envelope_id, agent_id: row.agent_id ?? '', tool: row.action ?? '', scope: String(p.scope ?? ''),
      arguments_hash: (p.arguments_hash as string | null) ?? null, session_id: (p.session_id as string | null) ?? null,
      condition: (p.condition as string | null) ?? null, granted_by: String(p.granted_by ?? row.reviewer_id ?? ''), note: String(p.note ?? ''),
      from_review: row.parent_envelope_id, created_at: row.created_at, expires_at: expiresAt, uses, max_uses: maxUses, revoked,
      active: !revoked && (maxUses === null || uses < maxUses) && Date.parse(expiresAt) > this.#now(),
    };
  }
}

/** A grant as CEL `approvals` lists it: what a rule author asks of it, nothing internal. */
function ruleApproval(grant: GrantView): RuleApproval {
  return {
    id: grant.id, scope: grant.scope, tool: grant.tool, remaining_uses: grant.max_uses === null ? null : grant.max_uses - grant.uses,
    expires_at: grant.expires_at, granted_by: grant.granted_by,
  };
}

function covers(grant: GrantView, call: { tool: string; params: Record<string, unknown>; sessionId: string | null }): boolean {
  if (grant.tool !== call.tool) return false;
  switch (grant.scope) {
    case 'once': return grant.arguments_hash === callHash(call.tool, call.params);
    case 'session': return grant.session_id !== null && grant.session_id === call.sessionId;
    case 'condition': return grant.condition !== null && grantCondition(grant.condition)(call.params);
    case 'count': case 'ttl': return true;
    default: return false;
  }
}

/**
 * Separation of duties: the credential that makes a call may not approve it, so a grant it gave
 * (granted_by is the same `kind:subject`) does not answer its calls. Without a principal (auth
 * off, a dry run) nobody is known and every grant applies.
 */
function selfGranted(grant: Pick<GrantView, 'granted_by'>, principal: string | null | undefined): boolean {
  return typeof principal === 'string' && grant.granted_by === principal;
}
