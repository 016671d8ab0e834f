// What the agent receives when the sidecar will not forward a call or release a result: a
// problem+json body carrying the decision and the envelope id, so the agent (or the person
// behind it) can look the record up and see why.

import type { ServerResponse } from 'node:http';
import { ApiError, endLingering, problemBody } from '../http/index.ts';
import type { ResponseBody } from '../runtime/index.ts';

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

export function blockedCall(response: ResponseBody, tool: string, route: string): ApiError {
  const decision = decisionOf(response);
  return new ApiError('TOOL_CALL_BLOCKED', `The call to ${tool} was ${verdictText(decision)} by governance and not forwarded: ${decision.reason}`, {
    extensions: { envelope_id: response.envelope_id, tool, route, decision, failures: failuresOf(response) },
  });
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
