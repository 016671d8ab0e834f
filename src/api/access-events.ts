// Ledger rows for access control: who changed a member, a key, a role or a team's agents
// (kind `access`), and an agent-bound credential that named another agent (kind
// `agent_mismatch`, also counted in agent_scope_mismatch_total). The ledger is where an auditor
// looks for "who did what"; these rows put the people and keys there beside the decisions.

import client from 'prom-client';
import type { RequestContext } from '../http/index.ts';
import { eventEntry, type Ledger } from '../ledger/index.ts';
import type { AgentMismatch } from '../auth/index.ts';
import { actorOf } from './actor.ts';

export type Versions = () => { policy_version: string; score_version: string };

export interface AccessEvents {
  /** An `access` row: `action` (e.g. `member_added`, `key_revoked`) by the caller of `ctx`. */
  record(ctx: RequestContext, action: string, detail: Record<string, unknown>, agentId?: string | null): Promise<void>;
  /** An `agent_mismatch` row and a count: requireAgentInScope's recorder. */
  mismatch(event: AgentMismatch): Promise<void>;
}

export function createAccessEvents(ledger: Ledger, versions: Versions, registry?: client.Registry): AccessEvents {
  const mismatches = new client.Counter({
    name: 'agent_scope_mismatch_total',
    help: 'Calls refused because an agent-bound credential named another agent, by route.',
    labelNames: ['route'] as const,
    registers: registry ? [registry] : [],
  });
  return {
    async record(ctx, action, detail, agentId = null) {
      await ledger.append(eventEntry({
        kind: 'access', agentId, action, versions: versions(),
        payload: { action, actor: actorOf(ctx), ...detail },
      }));
    },
    async mismatch({ principal, agentId, route }) {
      mismatches.inc({ route });
      await ledger.append(eventEntry({
        kind: 'agent_mismatch', agentId, action: route, versions: versions(), outcome: 'block',
        payload: { actor: `${principal.kind}:${principal.subject}`, agent_scope: principal.agent_scope, agent_id: agentId, route },
      }));
    },
  };
}
