// The runtime's contracts: what it is built from (RuntimeDeps), what the sidecar adds to a call
// (SidecarFacts), and what a post-check answers.

import type { GovernanceContext } from '../governance/index.ts';
import type { PolicyBundle } from '../policy/index.ts';
import type { Ledger, LedgerRow } from '../ledger/index.ts';
import type { RuntimeJudge } from '../judge/index.ts';
import type { KillSwitch } from './kill-switch.ts';
import type { ReliabilityCache } from './reliability-cache.ts';
import type { SessionHistory } from './session-history.ts';
import type { ResponseBody } from './responses.ts';
import type { PreCheckBody } from './request-types.ts';
import type { GrantPort, ReviewVerdictPort } from './oversight-hooks.ts';

export interface PolicySource {
  current(): PolicyBundle;
}

export interface RuntimeDeps {
  ledger: Ledger;
  policies: PolicySource;
  killSwitch: KillSwitch;
  reliability: ReliabilityCache;
  /** Earlier tool calls per session, for sequence rules; default an in-memory history with the default bounds. */
  sessions?: SessionHistory;
  /** Epoch milliseconds. */
  now?: () => number;
  /** The LLM judge, when configured (src/judge). */
  judge?: RuntimeJudge;
  /** Whether the agent holds a valid certificate for this policy version (CEL `agent.certified`). */
  certified?: (agentId: string, policyVersion: string) => Promise<boolean>;
  /** Human review (src/oversight): post-checks and re-runs of reviewed calls honour its verdicts. */
  reviews?: ReviewVerdictPort;
  /** Standing approvals checked before a pre-check escalates. */
  grants?: GrantPort;
}

/** What the sidecar adds to a call beyond its request body. */
export interface SidecarFacts {
  /** Pre-check: calls of the proposed tool this session already made or has under way (max_calls_per_session). */
  priorSessionCalls?: number;
  /** Kept in the row's payload as `sidecar`: route, session, upstream status and timing. */
  record?: Record<string, unknown>;
  /**
   * Post-check: the pre-check this caller made itself and post-checks exactly once (the sidecar).
   * Saves the ledger reads; the store's one-post-check-per-pre-check rule still holds.
   */
  preCheck?: { envelope_id: string; outcome: LedgerRow['outcome']; body: PreCheckBody };
  /** Post-check: the sidecar could not read the result; `block` makes that a critical safety failure. */
  unscannable?: GovernanceContext['unscannableOutput'];
  /** Who made the call (`kind:subject`), kept in the payload: separation of duties in review. */
  principal?: string;
  /** The route forwarded an escalated call on purpose (on_escalation: forward): no review gate at post-check. */
  reviewWaived?: boolean;
  /**
   * Post-check: `intent` answers once the decision is made and the row is queued for the next
   * group commit, without waiting for it (the sidecar's `audit: intent`); `recorded` says when
   * it is durable. Default `strict`: answered only once the row is durable.
   */
  durability?: 'strict' | 'intent';
}

export interface PostCheckResult {
  body: ResponseBody;
  /** True when this answers a repeated post-check with the first result. */
  replayed: boolean;
  /** durability `intent` only: settles once the row is durable, rejects when it could not be appended. */
  recorded?: Promise<void>;
}
