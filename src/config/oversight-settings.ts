// The outcome reconciler's settings (docs/review.md, "outcome_unknown"): how long after a
// forwarded call's deadline its missing outcome is recorded as unknown, and how often it looks.

import { integer } from './env-values.ts';

export interface OutcomeReconcileConfig {
  /** OUTCOME_UNKNOWN_GRACE_SECONDS: past the call's deadline (forwarded at + route timeout), before it counts as lost. */
  readonly graceSeconds: number;
  /** OUTCOME_RECONCILE_INTERVAL_SECONDS: how often the reconciler runs (also once at start); 0 turns it off. */
  readonly intervalSeconds: number;
}

export function outcomeReconcileConfig(env: NodeJS.ProcessEnv, issues: string[]): OutcomeReconcileConfig {
  return Object.freeze({
    graceSeconds: integer(env.OUTCOME_UNKNOWN_GRACE_SECONDS, 'OUTCOME_UNKNOWN_GRACE_SECONDS', 60, 0, 86_400, issues),
    intervalSeconds: integer(env.OUTCOME_RECONCILE_INTERVAL_SECONDS, 'OUTCOME_RECONCILE_INTERVAL_SECONDS', 30, 0, 86_400, issues),
  });
}
