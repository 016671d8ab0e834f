// on_escalation: hold. The agent's call stays open while a human reviews it: forwarded the
// moment a reviewer approves, answered with the block when they reject or the item expires,
// and answered "still waiting" when the hold time runs out first. Wakes on the review desk's
// change signal (in-process, or LISTEN/NOTIFY across a fleet) and re-reads the ledger each time.

import { reviewGate, reviewItemPath, tierReviewPolicy, MAX_HOLD_SECONDS, type ReviewDesk, type ReviewGateResult } from '../oversight/index.ts';
import type { PolicySource } from '../runtime/index.ts';
import type { SidecarRoute } from './routes/route-types.ts';

export interface HeldReview {
  /** approve: forward; block: answered blocked; pending: the hold ran out. */
  outcome: ReviewGateResult['outcome'];
  reason: string;
  href: string;
  heldSeconds: number;
}

export function holdSecondsFor(route: SidecarRoute, policies: PolicySource, tier: string | null): number {
  return Math.min(route.holdSeconds ?? tierReviewPolicy(policies.current(), tier).holdSeconds, MAX_HOLD_SECONDS);
}

export async function holdForReview(desk: ReviewDesk, envelopeId: string, seconds: number, signal?: AbortSignal): Promise<HeldReview> {
  const started = Date.now();
  const end = started + seconds * 1000;
  // Ends the listener (and its timer) of the last round when we answer: otherwise a decided hold
  // left a timer of up to hold_seconds behind, which kept a stopping process alive.
  const stop = new AbortController();
  const listening = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  try {
    for (;;) {
      const remaining = end - Date.now();
      // Listen before reading: a verdict landing between the read and the wait still wakes us.
      const next = remaining > 0 && !signal?.aborted ? desk.changes.next(envelopeId, remaining, listening) : Promise.resolve(false);
      const gate = await reviewGate(desk, envelopeId);
      if (gate.outcome !== 'pending' || remaining <= 0 || signal?.aborted) {
        return { outcome: gate.outcome, reason: gate.reason, href: reviewItemPath(envelopeId), heldSeconds: Math.round((Date.now() - started) / 100) / 10 };
      }
      await next;
    }
  } finally {
    stop.abort();
  }
}
