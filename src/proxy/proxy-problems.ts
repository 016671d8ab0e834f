// What the agent receives when the sidecar will not forward a call or release a result: a
// problem+json body carrying the decision and the envelope id, so the agent (or the person
// behind it) can look the record up and see why.

import type { ServerResponse } from 'node:http';
import { ApiError, endLingering, problemBody } from '../http/index.ts';
import type { ResponseBody } from '../runtime/index.ts';
import type { ReviewNotice } from './governance-gate.ts';

export interface DecisionSummary {
  outcome: string;
  reason: string;
  policy_version?: string;
  score_version?: string;
  reviewer_id?: string | null;
  review_deadline?: string | null;
}

export function decisionOf(response: ResponseBody): DecisionSummary {
  return response.decision as DecisionSummary;
}

/** The failures worth showing an agent: code and message, without scores. */
export function failuresOf(response: ResponseBody): Array<{ code: string; message: string }> {
  const failures = (response.validation as { failures?: Array<{ code: string; message: string }> } | undefined)?.failures ?? [];
  return failures.map(({ code, message }) => ({ code, message }));
}

function verdictText(decision: DecisionSummary): string {
  if (decision.outcome === 'block') return 'blocked';
  return `held for human review (${decision.outcome}${decision.reviewer_id ? `, reviewer ${decision.reviewer_id}` : ''})`;
}

export function blockedCall(response: ResponseBody, tool: string, route: string, review?: ReviewNotice): ApiError {
  const decision = decisionOf(response);
  const detail = review
    ? `The call to ${tool} was not forwarded: ${reviewSentence(review)}`
    : `The call to ${tool} was ${verdictText(decision)} by governance and not forwarded: ${decision.reason}`;
  return new ApiError('TOOL_CALL_BLOCKED', detail, {
    extensions: { envelope_id: response.envelope_id, tool, route, decision, failures: failuresOf(response), ...(review ? { review } : {}) },
    ...(review ? { headers: { location: review.href } } : {}),
  });
}

/** Plain words on a call that waits (or waited) for a human: what happened, where to look, how long it may take. */
export function reviewSentence(review: ReviewNotice): string {
  return `${elicitationSentence(review)}${reviewOutcomeSentence(review)}`;
}

/** on_escalation elicit: what happened to the question in the MCP client, said first. */
function elicitationSentence(review: ReviewNotice): string {
  switch (review.elicitation) {
    case 'unsupported': return 'this MCP client did not declare the elicitation capability, so the user could not be asked here and the route\'s fallback applies: ';
    case 'accept': return 'the user answered in the MCP client; ';
    case 'decline': return 'the user declined it in the MCP client; ';
    case 'cancel': return 'the user dismissed the question in the MCP client without deciding; ';
    case 'unanswered': return 'nobody answered the question in the MCP client; ';
    default: return '';
  }
}

function reviewOutcomeSentence(review: ReviewNotice): string {
  const where = `review item ${review.href}`;
  if (review.outcome === 'block') return `a human review turned it down (${where}). ${review.reason}`;
  if (review.outcome === 'approve') return `a human approved it (${where}).`;
  const held = review.held_seconds !== null ? ` It was held for ${review.held_seconds} s without an answer.` : '';
  const deadline = review.review_deadline ? ` A reviewer has until ${review.review_deadline} (${untilText(review.review_deadline)}) to decide; unanswered, it is blocked.` : '';
  return `a human must approve this call before it can run; it waits in the review queue as ${where}.${held}${deadline} Do not retry it until you are told it was approved.`;
}

function untilText(deadline: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 60_000));
  return minutes < 120 ? `about ${minutes} minutes from now` : `about ${Math.round(minutes / 60)} hours from now`;
}

export function withheldResult(response: ResponseBody, tool: string, route: string): ApiError {
  const decision = decisionOf(response);
  return new ApiError('TOOL_RESULT_BLOCKED', `The result of ${tool} was ${verdictText(decision)} by governance and not released: ${decision.reason}`, {
    extensions: {
      envelope_id: response.envelope_id,
      pre_check_envelope_id: response.pre_check_envelope_id,
      tool, route, decision, failures: failuresOf(response),
    },
  });
}

/** Writes a problem+json answer unless headers already went out (then the connection is cut). */
export function sendProblem(res: ServerResponse, error: ApiError, instance: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const json = JSON.stringify(problemBody(error, instance));
  if (error.headers) for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.writeHead(error.status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(json) });
  endLingering(res, json);
}
