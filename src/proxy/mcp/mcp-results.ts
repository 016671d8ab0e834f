// The tool results the sidecar writes on an MCP server's behalf. A blocked call is not a
// protocol error: it is a result with `isError: true` whose text says why, so the agent's model
// reads the reason and can change course. `_meta` carries the same facts for programs.

import { reviewItemPath } from '../../oversight/review-item-view.ts';
import type { ResponseBody } from '../../runtime/index.ts';
import { decisionOf, failuresOf, reviewSentence } from '../proxy-problems.ts';
import type { ReviewNotice } from '../governance-gate.ts';

export const DECISION_META_KEY = 'io.governance-gateway/decision';

export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  isError: true;
  _meta: Record<string, unknown>;
}

function errorResult(text: string, meta: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], isError: true, _meta: { [DECISION_META_KEY]: meta } };
}

function verdict(outcome: string): string {
  return outcome === 'block' ? 'blocked' : `held for human review (${outcome})`;
}

function failureLines(response: ResponseBody): string {
  const failures = failuresOf(response);
  return failures.length === 0 ? '' : `\nFindings:\n${failures.map((f) => `- ${f.code}: ${f.message}`).join('\n')}`;
}

/** The pre-check said no: the server never received the call. */
export function blockedCallResult(response: ResponseBody, tool: string, review?: ReviewNotice): ToolResult {
  const decision = decisionOf(response);
  const meta = { stage: 'pre_check', envelope_id: response.envelope_id, outcome: decision.outcome, reason: decision.reason, failures: failuresOf(response) };
  if (review) {
    return errorResult(
      `The call to tool "${tool}" was not run: ${reviewSentence(review)} (envelope ${response.envelope_id}).${failureLines(response)}`,
      { ...meta, review },
    );
  }
  return errorResult(
    `Governance ${verdict(decision.outcome)} this call to tool "${tool}"; it was not run. Reason: ${decision.reason} (envelope ${response.envelope_id}).${failureLines(response)}`,
    meta,
  );
}

/** The post-check said no: the tool ran, its result is withheld. */
export function withheldResultResult(response: ResponseBody, tool: string): ToolResult {
  const decision = decisionOf(response);
  return errorResult(
    `Tool "${tool}" ran, but governance ${verdict(decision.outcome)} its result, so it is withheld. Reason: ${decision.reason} (envelope ${response.envelope_id}).${failureLines(response)}`,
    {
      stage: 'post_check', envelope_id: response.envelope_id, pre_check_envelope_id: response.pre_check_envelope_id,
      outcome: decision.outcome, reason: decision.reason, failures: failuresOf(response),
    },
  );
}

/** The tool's definition changed since it was pinned: calls stay blocked until a reviewer accepts the change. */
export function changedToolResult(tool: string, reviewEnvelopeId: string): ToolResult {
  return errorResult(
    `Tool "${tool}" is blocked: its definition changed since it was first seen. A human must review and approve the new definition before it can be used (review item ${reviewItemPath(reviewEnvelopeId)}); until then, do not retry this tool.`,
    { stage: 'tool_pin', envelope_id: reviewEnvelopeId, review: reviewItemPath(reviewEnvelopeId), outcome: 'block', reason: 'tool definition changed since it was pinned' },
  );
}

/** The ledger could not record the post-check and the route fails closed. */
export function unrecordedResult(tool: string, code: string, detail: string): ToolResult {
  return errorResult(
    `Tool "${tool}" ran, but its result is withheld: ${detail}`,
    { stage: 'post_check', outcome: 'block', code },
  );
}
