// Request bodies (fresh, or read back from a ledger payload) -> the normalized GovernanceInput
// the engines read. One place, so a re-run sees exactly what the first run saw.

import { normalizeToolCalls, normalizeToolResults } from '../governance/index.ts';
import type { GovernanceInput, NormalizedExecution, ToolCall } from '../governance/index.ts';
import type { ExecutionBody, PostCheckBody, PreCheckBody, ValidateBody } from './request-types.ts';

/**
 * A post-check passes the pre-checked action as `executed`: when the caller omits tools_called,
 * that action is the one tool that ran, and without tool_results its output is that tool's result.
 */
export function executionFromBody(execution: ExecutionBody, executed?: { call: ToolCall; output: unknown }): NormalizedExecution {
  const implied = executed !== undefined && execution.tools_called === undefined;
  return {
    model: execution.model,
    toolsCalled: implied ? [executed.call] : normalizeToolCalls(execution.tools_called),
    toolResults: normalizeToolResults(implied && execution.tool_results === undefined ? [executed.output] : execution.tool_results),
    latencyMs: execution.latency_ms,
    tokens: execution.tokens,
    promptTokens: execution.prompt_tokens,
    completionTokens: execution.completion_tokens,
  };
}

export function validateInput(body: ValidateBody): GovernanceInput {
  return {
    stage: 'validate',
    agentId: body.agent_id,
    framework: body.framework,
    request: {
      user: body.request.user,
      input: body.request.input,
      sessionId: body.request.session_id ?? null,
      metadata: body.request.metadata,
    },
    execution: executionFromBody(body.execution),
    output: body.output,
  };
}

export function preCheckInput(body: PreCheckBody): GovernanceInput {
  return {
    stage: 'pre_check',
    agentId: body.agent_id,
    framework: body.framework,
    request: { user: body.user, input: body.input, sessionId: body.session_id ?? null },
    proposedAction: { name: body.action, params: body.params },
  };
}

export function postCheckInput(pre: PreCheckBody, body: PostCheckBody): GovernanceInput {
  const proposed = preCheckInput(pre);
  return {
    ...proposed,
    stage: 'post_check',
    proposedAction: undefined,
    execution: executionFromBody(body.execution, proposed.proposedAction && { call: proposed.proposedAction, output: body.output }),
    output: body.output,
  };
}

/** What a ledger payload keeps so the decision can be re-run later. */
export interface StoredRequest {
  request: ValidateBody | PreCheckBody | PostCheckBody;
  /** Post-check rows also keep the pre-check they complete. */
  pre_check?: PreCheckBody;
}

export function inputFromStored(kind: string, stored: StoredRequest): GovernanceInput | undefined {
  if (kind === 'validate') return validateInput(stored.request as ValidateBody);
  if (kind === 'pre_check') return preCheckInput(stored.request as PreCheckBody);
  if (kind === 'post_check' && stored.pre_check) return postCheckInput(stored.pre_check, stored.request as PostCheckBody);
  return undefined;
}
