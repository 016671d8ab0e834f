// Agent-bound credentials: an agent key or token names the agent id or glob (picomatch, as the
// policy's agent globs) its runtime calls may act for. A call for any other agent is refused
// (403 AGENT_OUT_OF_SCOPE), recorded in the ledger and counted.

import picomatch from 'picomatch';
import { agentGlobProblem, compileAgentGlobs } from '../policy/agent-glob.ts';
import { ApiError, type Principal } from '../http/index.ts';

const MAX_SCOPE_LENGTH = 128;

/** Why `scope` cannot bind a credential, or undefined. */
export function agentScopeProblem(scope: string): string | undefined {
  if (scope.length === 0 || scope.length > MAX_SCOPE_LENGTH) return `must be 1-${MAX_SCOPE_LENGTH} characters`;
  return agentGlobProblem(scope);
}

const matchers = new Map<string, (agentId: string) => boolean>();

export function agentInScope(scope: string, agentId: string): boolean {
  let matcher = matchers.get(scope);
  if (matcher === undefined) {
    matcher = compileAgentGlobs([scope]);
    if (matchers.size > 1000) matchers.clear();
    matchers.set(scope, matcher);
  }
  return matcher(agentId);
}

/** True when the scope names one agent rather than a pattern. */
export function isExactScope(scope: string): boolean {
  return !picomatch.scan(scope).isGlob;
}

export interface AgentMismatch {
  principal: Principal;
  agentId: string | null;
  route: string;
}

/**
 * Throws 403 AGENT_OUT_OF_SCOPE when an agent-bound principal acts for another agent (or for no
 * agent); `record` is told first, so the refusal is in the ledger before the caller hears of it.
 */
export async function requireAgentInScope(principal: Principal | undefined, agentId: string | null, route: string, record: (mismatch: AgentMismatch) => Promise<void>): Promise<void> {
  const scope = principal?.agent_scope ?? null;
  if (scope === null || (agentId !== null && agentInScope(scope, agentId))) return;
  await record({ principal: principal!, agentId, route });
  throw new ApiError('AGENT_OUT_OF_SCOPE', `This credential acts for agent ${JSON.stringify(scope)} only; the call names ${agentId === null ? 'no agent' : JSON.stringify(agentId)}.`, {
    extensions: { agent_scope: scope, agent_id: agentId },
  });
}
