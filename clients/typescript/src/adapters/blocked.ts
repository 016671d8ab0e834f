// What an agent's model reads when governance stops a tool call: one plain sentence with the
// reason, the envelope id (for the audit trail) and, when a human must decide, where.

import { BlockedError } from '../errors.ts';

export type OnBlocked = 'message' | 'throw';

export function blockedMessage(error: BlockedError, tool: string): string {
  const what = error.stage === 'post_check' ? `the result of tool "${tool}" was withheld` : `the call to tool "${tool}" was not run`;
  const review = error.reviewHref ? ` A human must approve it first (review item ${error.reviewHref}, ${error.reviewStatus ?? 'pending'}).` : '';
  return `Governance blocked this: ${what}. Reason: ${error.decision.reason} (envelope ${error.envelopeId}).${review}`;
}

/** Runs `work`; a BlockedError becomes the model-readable message unless the adapter was told to throw. */
export async function orMessage<T>(work: () => Promise<T>, tool: string, onBlocked: OnBlocked | undefined): Promise<T | string> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BlockedError && onBlocked !== 'throw') return blockedMessage(error, tool);
    throw error;
  }
}
