// A changed MCP tool definition ("rug pull") as a review item: one `tool_change` row (outcome
// escalate) per route, tool, pinned hash and new hash, whatever number of sidecars see the
// change: its envelope id is derived from those four, so the second sidecar's append is refused
// as a duplicate and it reads the first one's. Approving it accepts the new definition for the
// whole fleet (every sidecar reads the verdict from the ledger); rejecting, or nobody deciding,
// keeps the tool blocked. The item has no deadline: a definition change never expires into use.

import { eventEntry, type Ledger, type LedgerRow } from '../ledger/index.ts';
import { derivedEnvelopeId, isDuplicateEnvelope } from './transition-id.ts';

export const TOOL_CHANGE_TYPE = 'tool_definition_change';

export interface ToolChangeFacts {
  route: string;
  upstream: string;
  tool: string;
  oldHash: string;
  newHash: string;
  oldDefinition: Record<string, unknown> | null;
  newDefinition: Record<string, unknown>;
  agentId: string | null;
  /** The tool_pin row of the pin the change departs from. */
  pinEnvelopeId: string;
  versions: { policy_version: string; score_version: string };
}

export type ToolChangeVerdict =
  | { status: 'approved'; by: string; at: string; itemId: string }
  | { status: 'rejected' | 'pending'; itemId: string };

export const toolChangeId = (route: string, tool: string, oldHash: string, newHash: string): string =>
  derivedEnvelopeId('tool-change', route, tool, oldHash, newHash);

export function toolChangeEntry(facts: ToolChangeFacts) {
  return eventEntry({
    kind: 'tool_change', envelopeId: toolChangeId(facts.route, facts.tool, facts.oldHash, facts.newHash),
    parentEnvelopeId: facts.pinEnvelopeId, agentId: facts.agentId, action: facts.tool,
    outcome: 'escalate', riskTier: 'high', versions: facts.versions,
    payload: {
      type: TOOL_CHANGE_TYPE,
      route: facts.route,
      upstream: facts.upstream,
      tool: facts.tool,
      old_hash: facts.oldHash,
      new_hash: facts.newHash,
      old_definition: facts.oldDefinition,
      new_definition: facts.newDefinition,
      reason: `The definition of MCP tool "${facts.tool}" on route ${facts.route} changed since it was pinned; calls stay blocked until a reviewer approves the new definition.`,
    },
  });
}

/** Appends the item unless another sidecar (or an earlier run) did; `created` says which. */
export async function openToolChange(ledger: Ledger, facts: ToolChangeFacts): Promise<{ row: LedgerRow; created: boolean }> {
  const entry = toolChangeEntry(facts);
  try {
    return { row: await ledger.append(entry), created: true };
  } catch (error) {
    if (!isDuplicateEnvelope(error)) throw error;
    const row = await ledger.get(entry.envelope_id);
    if (!row) throw error;
    return { row, created: false };
  }
}

/** The fleet's verdict on a change, or undefined when nobody opened its item yet. */
export async function toolChangeVerdict(ledger: Ledger, route: string, tool: string, oldHash: string, newHash: string): Promise<ToolChangeVerdict | undefined> {
  const itemId = toolChangeId(route, tool, oldHash, newHash);
  const verdict = await ledger.findChild(itemId, 'review');
  if (verdict) {
    return verdict.outcome === 'approve' && verdict.reviewer_id
      ? { status: 'approved', by: verdict.reviewer_id, at: verdict.created_at, itemId }
      : { status: 'rejected', itemId };
  }
  return (await ledger.get(itemId)) ? { status: 'pending', itemId } : undefined;
}

export function isToolChange(row: Pick<LedgerRow, 'kind'>): boolean {
  return row.kind === 'tool_change';
}
