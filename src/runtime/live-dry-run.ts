// A dry run on the live gateway: the request inline or a stored envelope, the agent's real
// reliability, the kill switch, the session's history, the parent envelope, unless the caller
// states them. It reads the ledger and the session history; it writes neither.

import { ApiError } from '../http/index.ts';
import type { GovernanceContext, GovernanceInput, Outcome } from '../governance/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { PolicyBundle, SessionCall } from '../policy/index.ts';
import type { KillSwitch } from './kill-switch.ts';
import type { ReliabilityCache } from './reliability-cache.ts';
import type { SessionHistory } from './session-history.ts';
import { stageTools, type GrantPort } from './oversight-hooks.ts';
import { inputFromStored, type StoredRequest } from './inputs.ts';
import { recordedHistory } from './recorded-history.ts';
import { dryRun, dryRunInput, statedApprovals, statedSession, type DryRunContextInput, type DryRunResult, type DryRunSubject } from './policy-dry-run.ts';
import type { ValidateBody } from './request-types.ts';

export interface LiveState {
  ledger: Ledger;
  reliability: ReliabilityCache;
  killSwitch: KillSwitch;
  sessions: SessionHistory;
  policies: { current(): PolicyBundle };
  now: () => number;
  parent(id: string): Promise<NonNullable<GovernanceContext['parent']>>;
  /** The live approval grants (CEL `approvals`), when human oversight is on. */
  grants?: GrantPort;
  /** Whether the agent holds a valid certificate for a policy version (CEL `agent.certified`). */
  certified?: (agentId: string, policyVersion: string) => Promise<boolean>;
}

interface Resolved {
  input: GovernanceInput;
  parentId: string | null;
  history?: SessionCall[];
  preCheck?: { envelopeId: string; outcome: Outcome };
}

export async function liveDryRun(live: LiveState, subject: DryRunSubject, context: DryRunContextInput = {}, bundle?: PolicyBundle): Promise<DryRunResult> {
  const resolved = await resolve(live, subject);
  const { input } = resolved;
  const now = context.now !== undefined ? Date.parse(context.now) : live.now();
  const policy = bundle ?? live.policies.current();
  // Live grants are read (never used) only when a rule of this stage reads `approvals`.
  const readsApprovals = policy.rules.some((rule) => rule.reads.includes('approvals') && rule.stages.includes(input.stage));
  const readsAgent = policy.rules.some((rule) => rule.reads.includes('agent') && rule.stages.includes(input.stage));
  const [historicalReliability, parent, approvalsFor, agentCertified] = await Promise.all([
    context.historical_reliability ?? live.reliability.score(input.agentId, now),
    resolved.parentId ? live.parent(resolved.parentId) : undefined,
    statedApprovals(context) ?? (live.grants && readsApprovals
      ? live.grants.standing({ agentId: input.agentId, tools: stageTools(input), sessionId: input.request.sessionId ?? null, now })
      : undefined),
    // The same certificate check as a live decision, for the version of the bundle evaluated.
    context.agent_certified ?? (live.certified && readsAgent ? live.certified(input.agentId, policy.version) : false),
  ]);
  return dryRun(input, {
    bundle: policy,
    approvalsFor,
    historicalReliability,
    sessionHistory: statedSession(context, input.agentId) ?? resolved.history ?? live.sessions.calls(input.request.sessionId),
    now,
    killSwitchActive: context.kill_switch_active ?? live.killSwitch.active,
    parent,
    preCheck: resolved.preCheck,
    agentCertified,
  }, bundle ? 'request' : 'active');
}

async function resolve(live: LiveState, subject: DryRunSubject): Promise<Resolved> {
  const inline = dryRunInput(subject);
  if (inline) return { input: inline, parentId: subject.validate?.parent_envelope_id ?? null };
  const id = subject.envelope_id ?? '';
  const row = await live.ledger.get(id);
  if (!row) throw new ApiError('ENVELOPE_NOT_FOUND', `No envelope with id ${id}.`);
  if (!row.payload) {
    throw new ApiError('PAYLOAD_UNAVAILABLE', `The payload of envelope ${id} is no longer available (payload retention), so its request cannot be evaluated again.`);
  }
  const stored = row.payload as unknown as StoredRequest;
  const input = inputFromStored(row.kind, stored);
  if (!input) throw new ApiError('NOT_DECIDABLE', `Envelope ${id} is a ${row.kind} record; only validate, pre-check and post-check envelopes can be evaluated.`);
  const pre = row.kind === 'post_check' && row.parent_envelope_id ? await live.ledger.get(row.parent_envelope_id) : undefined;
  return {
    input,
    parentId: row.kind === 'validate' ? ((stored.request as ValidateBody).parent_envelope_id ?? null) : null,
    history: await recordedHistory(row, (envelopeId) => live.ledger.get(envelopeId)),
    preCheck: pre ? { envelopeId: pre.envelope_id, outcome: pre.outcome ?? 'approve' } : undefined,
  };
}
