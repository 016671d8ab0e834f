// What an agent-bound sidecar credential may read through the internal API: the rows of the
// agents its binding covers, the rows the whole fleet shares (the kill switch, tool pins and the
// review items of changed tool definitions, which every sidecar of a route reads back), and the
// rows linked to a row it may read (a call's post-check, a review item's claims and verdict).
// Anything else is another agent's business: a row by id answers as an unknown one would (null),
// and a query that names another agent, or no agent, is 403 AGENT_OUT_OF_SCOPE, recorded as an
// append naming another agent is. A credential with no binding reads the whole fleet.

import type { RequestContext } from '../http/index.ts';
import type { EntryKind, Ledger, LedgerRow } from '../ledger/index.ts';
import { agentInScope, requireAgentInScope, type AgentMismatch } from '../auth/index.ts';
import type { RecentAgents } from './internal-append-scope.ts';

/** Kinds every sidecar reads whatever agent recorded them. */
const FLEET_SHARED_KINDS: ReadonlySet<string> = new Set<EntryKind>(['kill_switch', 'tool_pin', 'tool_change']);

const isFleetSharedKind = (kind: string | undefined): boolean => kind !== undefined && FLEET_SHARED_KINDS.has(kind);

export interface InternalReadScope {
  /** The row if the caller may read it, else undefined (an unknown row to this caller). */
  row(row: LedgerRow | undefined): Promise<LedgerRow | undefined>;
  /** A row linked to `parentId`: readable when it or its parent is. */
  child(parentId: string, row: LedgerRow | undefined): Promise<LedgerRow | undefined>;
  /** Whether the rows linked to `parentId` are the caller's to read (its parent is). */
  parent(parentId: string): Promise<boolean>;
  /** Throws 403 AGENT_OUT_OF_SCOPE (recorded) unless a query of `kind` naming `agentId` stays within the binding. */
  query(kind: string | undefined, agentId: string | null): Promise<void>;
}

export function internalReadScope(
  ctx: RequestContext, ledger: Pick<Ledger, 'get'>, record: (mismatch: AgentMismatch) => Promise<void>, recent: RecentAgents,
): InternalReadScope {
  const scope = ctx.principal?.agent_scope ?? null;
  const visible = (row: Pick<LedgerRow, 'kind' | 'agent_id'>): boolean =>
    scope === null || isFleetSharedKind(row.kind) || (row.agent_id !== null && agentInScope(scope, row.agent_id));
  const parent = async (parentId: string): Promise<boolean> => {
    if (scope === null) return true;
    // A sidecar reads its own call's children seconds after appending the call here: no ledger read then.
    const cached = recent.get(parentId);
    if (cached !== undefined && cached.agentId !== null && agentInScope(scope, cached.agentId)) return true;
    const row = await ledger.get(parentId);
    return row !== undefined && visible(row);
  };
  return {
    row: async (row) => (row === undefined || visible(row) ? row : undefined),
    async child(parentId, row) {
      if (row === undefined || visible(row)) return row;
      return (await parent(parentId)) ? row : undefined;
    },
    parent,
    async query(kind, agentId) {
      if (scope === null) return;
      if (agentId === null && isFleetSharedKind(kind)) return;
      await requireAgentInScope(ctx.principal, agentId, `${ctx.method} ${ctx.route}`, record);
    },
  };
}
