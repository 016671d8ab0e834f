// What an agent-bound sidecar credential may append through the internal API: entries for the
// agents its binding covers, and nothing that names no agent. A row that answers another row's
// call (a post-check, a refused post-check, a decision re-run, a grant's use) acts for that row's
// agent, as POST /v1/runtime/post-check does: otherwise a sidecar of one agent could take the one
// post-check slot of another agent's pre-check and record that call's outcome.

import type { RequestContext } from '../http/index.ts';
import type { Ledger, LedgerEntry } from '../ledger/index.ts';
import { requireAgentInScope, type AgentMismatch } from '../auth/index.ts';
import type { LRUCache } from 'lru-cache';
import { entryBoundedCache } from '../interop/entry-bounded-cache.ts';

/** Kinds whose parent is a call (or grant) of the same agent. Tool pins are shared by route across the fleet, so theirs is not. */
const ACTS_FOR_PARENT = new Set<string>(['post_check', 'idempotency_conflict', 'decision', 'approval_use']);

/**
 * The agent of a row this gateway appended lately, by envelope id. A sidecar's post-check follows
 * its pre-check through the same central gateway within seconds, so its parent's agent is known
 * here without a ledger read on the call's path (a miss, e.g. another replica's row, reads it).
 */
export type RecentAgents = LRUCache<string, { agentId: string | null }>;

export function recentAgents(): RecentAgents {
  return entryBoundedCache<string, { agentId: string | null }>({ maxEntries: 10_000 });
}

export async function requireEntriesInScope(
  ctx: RequestContext, ledger: Ledger, entries: readonly LedgerEntry[], record: (mismatch: AgentMismatch) => Promise<void>,
  recent?: RecentAgents,
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
    const agentId = recent?.get(parentId)?.agentId ?? (await ledger.get(parentId))?.agent_id ?? null;
    if (agentId !== null) agents.add(agentId);
  }
  for (const agentId of agents) await requireAgentInScope(ctx.principal, agentId, route, record);
}
