// on_escalation: elicit. The escalated call's review item is answered by the user in the MCP
// client: accept with approve=true records an approval, decline (or approve=false) a rejection,
// each a review row signed `mcp-elicitation:<the agent's principal>` (so the ledger says who
// answered and how, and separation of duties still tells it from the agent's own credential).
// A cancel, no answer in time, or a tier that needs more approvers than one leaves the item
// pending for a reviewer, and the call is not forwarded.

import { ApiError } from '../http/index.ts';
import { reviewGate, type ReviewDesk } from '../oversight/index.ts';
import type { CallFacts, ReviewNotice } from './governance-gate.ts';
import type { ElicitAnswer, Elicitor } from './mcp/mcp-elicitation.ts';

export const ELICITATION_ACTOR = 'mcp-elicitation';

export function elicitationReviewer(agentId: string): string {
  return `${ELICITATION_ACTOR}:agent:${agentId}`;
}

export async function askTheUser(
  desk: ReviewDesk, elicit: Elicitor, facts: CallFacts, envelopeId: string, reason: string, seconds: number, signal?: AbortSignal,
): Promise<Pick<ReviewNotice, 'outcome' | 'reason' | 'held_seconds' | 'elicitation'>> {
  const started = Date.now();
  const answer = await elicit({ message: question(facts, reason), seconds, envelopeId }, signal);
  const heldSeconds = Math.round((Date.now() - started) / 100) / 10;
  const verdict = verdictOf(answer);
  if (verdict) {
    const by = elicitationReviewer(facts.agentId);
    const note = `Answered in the MCP client (${answer.action}${answer.content ? `, approve=${String(answer.content.approve)}` : ''}) by the user of agent ${facts.agentId}${facts.user !== 'unknown' ? ` (user ${facts.user})` : ''}.`;
    try {
      const result = await desk.resolve(envelopeId, by, verdict, note);
      if (!result.decided) {
        return { outcome: 'pending', reason: `The user approved in the MCP client; this call's tier needs ${desk.policyFor((await desk.view(envelopeId)).item).requiredApprovals} distinct approvers, so a reviewer must approve it too.`, held_seconds: heldSeconds, elicitation: answer.action };
      }
    } catch (error) {
      // A reviewer answered first (or at the same moment): their verdict stands.
      if (!(error instanceof ApiError) || !['ALREADY_RESOLVED', 'REVIEW_CONFLICT', 'REVIEW_CLAIMED'].includes(error.code)) throw error;
    }
  }
  const gate = await reviewGate(desk, envelopeId);
  const why = answer.action === 'cancel' ? 'The user dismissed the question in the MCP client without deciding. '
    : answer.action === 'unanswered' ? `Nobody answered in the MCP client (${answer.detail ?? 'no answer'}). ` : '';
  return { outcome: gate.outcome, reason: `${why}${gate.reason}`, held_seconds: heldSeconds, elicitation: answer.action };
}

function verdictOf(answer: ElicitAnswer): 'approve' | 'reject' | null {
  if (answer.action === 'accept') return answer.content?.approve === true ? 'approve' : 'reject';
  return answer.action === 'decline' ? 'reject' : null;
}

function question(facts: CallFacts, reason: string): string {
  const args = JSON.stringify(facts.params);
  return `The agent ${facts.agentId} wants to call the tool "${facts.tool}" with ${args.length > 500 ? `${args.slice(0, 500)}…` : args}. `
    + `Governance asks a human to approve it first: ${reason} Approve this call?`;
}
