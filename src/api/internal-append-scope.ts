// What an agent-bound sidecar credential may append through the internal API: entries for the
// agents its binding covers, and nothing that names no agent. A row that answers another row's
// call (a post-check, a refused post-check, a decision re-run, a grant's use) acts for that row's
// agent, as POST /v1/runtime/post-check does: otherwise a sidecar of one agent could take the one
// post-check slot of another agent's pre-check and record that call's outcome.

import type { RequestContext } from '../http/index.ts';
import type { Ledger, LedgerEntry } from '../ledger/index.ts';
import { requireAgentInScope, type AgentMismatch } from '../auth/index.ts';

/** Kinds whose parent is a call (or grant) of the same agent. Tool pins are shared by route across the fleet, so theirs is not. */
const ACTS_FOR_PARENT = new Set<string>(['post_check', 'idempotency_conflict', 'decision', 'approval_use']);

export async function requireEntriesInScope(
  ctx: RequestContext, ledger: Ledger, entries: readonly LedgerEntry[], record: (mismatch: AgentMismatch) => Promise<void>,
): Promise<void> {
  if (ctx.principal?.agent_scope == null) return;
  const route = `${ctx.method} ${ctx.route}`;
  const agents = new Set<string | null>(entries.map((entry) => entry.agent_id));
  // A parent sent in the same request (a pre-check and its post-check) has just been checked itself.
  const sent = new Map(entries.map((entry) => [entry.envelope_id, entry.agent_id]));
  const parents = new Set(entries.filter((entry) => ACTS_FOR_PARENT.has(entry.kind) && entry.parent_envelope_id !== null).map((entry) => entry.parent_envelope_id!));
  for (const parentId of parents) {
    if (sent.has(parentId)) continue;
    // An unknown parent is no other agent's call: the store or the sidecar answers for it, as the runtime's 404 does.
    const parent = await ledger.get(parentId);
    if (parent && parent.agent_id !== null) agents.add(parent.agent_id);
  }
  for (const agentId of agents) await requireAgentInScope(ctx.principal, agentId, route, record);
}
