// The trust chain: may this agent act on work handed over by its parent envelope? The parent
// must exist, must not have been blocked, must be an agent this one accepts, not too deep.

import { agentGlobMatches } from '../policy/index.ts';
import type { AgentPolicy } from '../policy/types.ts';
import type { Failure, GovernanceContext, TrustChainResult } from './types.ts';

function chainFailure(code: string, severity: Failure['severity'], message: string): Failure {
  return { code, check: 'trust_chain', severity, message, path: 'parent_envelope_id' };
}

function acceptsHandoff(agentPolicy: AgentPolicy, parentAgentId: string): boolean {
  // The same glob semantics as catalog resolution (`*` also matches dots in agent ids).
  return agentGlobMatches(agentPolicy.accepts_handoff_from, parentAgentId);
}

/**
 * Lineage runs from the root envelope to the parent, inclusive. The parent's own lineage
 * already ends with the parent; it is appended only if a caller left it out.
 */
export function evaluateTrustChain(
  parent: NonNullable<GovernanceContext['parent']>,
  agentPolicy: AgentPolicy | undefined,
): TrustChainResult {
  const found = parent.found;
  if (!found) {
    return {
      parent_envelope_id: parent.id,
      parent_agent_id: null,
      depth: 2,
      lineage: [parent.id],
      trusted: false,
      failures: [chainFailure('PARENT_NOT_FOUND', 'critical', `Parent envelope ${parent.id} is not in the audit ledger.`)],
    };
  }
  const lineage = found.lineage.at(-1) === found.envelopeId ? [...found.lineage] : [...found.lineage, found.envelopeId];
  const depth = found.depth + 1;
  const failures: Failure[] = [];
  if (found.outcome === 'block') {
    const message = `Parent envelope ${found.envelopeId} (agent ${found.agentId}) was blocked.`;
    failures.push(chainFailure('PARENT_BLOCKED', 'critical', message));
  }
  if (agentPolicy && depth > agentPolicy.max_chain_depth) {
    const message = `Chain depth ${depth} is above the ${agentPolicy.max_chain_depth} that catalog ${agentPolicy.id} accepts.`;
    failures.push(chainFailure('CHAIN_TOO_DEEP', 'high', message));
  }
  if (!agentPolicy) {
    const message = `This agent matches no catalog, so it accepts no handoff (parent agent ${found.agentId}).`;
    failures.push(chainFailure('HANDOFF_NOT_ALLOWED', 'high', message));
  } else if (!acceptsHandoff(agentPolicy, found.agentId)) {
    const message = `Catalog ${agentPolicy.id} does not accept handoffs from agent ${found.agentId}.`;
    failures.push(chainFailure('HANDOFF_NOT_ALLOWED', 'high', message));
  }
  return {
    parent_envelope_id: found.envelopeId,
    parent_agent_id: found.agentId,
    depth,
    lineage,
    trusted: failures.length === 0,
    failures,
  };
}
