// The review item as a reviewer sees it: the call under review (tool, arguments, scores,
// failures, risk factors, decision), its state and history, and the agent's recent records.

import type { LedgerRow } from '../ledger/index.ts';
import type { ReviewDesk } from './review-desk.ts';
import { diffDefinitions } from './definition-diff.ts';
import { isToolChange, TOOL_CHANGE_TYPE } from './tool-change.ts';

export const AGENT_HISTORY_LIMIT = 10;

export function reviewItemPath(envelopeId: string): string {
  return `/v1/review/queue/${envelopeId}`;
}

/**
 * `readRow` sees the item and its linked rows first: the API passes a masker there for callers
 * whose roles may not read personal data, so the arguments, scores, tool definitions and notes
 * below are all built from the masked rows. What it adds as `masked_paths` to the item is shown.
 */
export async function reviewItemBody(desk: ReviewDesk, id: string, readRow?: <T extends LedgerRow>(row: T) => T): Promise<Record<string, unknown>> {
  const { item, state } = await desk.view(id, readRow);
  const masked = (item as LedgerRow & { masked_paths?: string[] }).masked_paths;
  const policy = desk.policyFor(item);
  const payload = (item.payload ?? {}) as Record<string, unknown>;
  const request = (payload.request ?? payload.pre_check ?? null) as Record<string, unknown> | null;
  const response = (payload.response ?? {}) as Record<string, unknown>;
  const history = item.agent_id
    ? (await desk.ledger.list({ agent_id: item.agent_id, limit: AGENT_HISTORY_LIMIT, offset: 0 })).rows
    : [];
  const { transitions: _transitions, ...visible } = state;
  const change = isToolChange(item) ? toolChangeView(payload) : undefined;
  return {
    ...visible,
    required_approvals: policy.requiredApprovals,
    on_expiry: policy.onExpiry,
    href: reviewItemPath(id),
    call: {
      kind: item.kind,
      agent_id: item.agent_id,
      tool: item.action,
      arguments: request?.params ?? request?.execution ?? null,
      request,
      validation: response.validation ?? null,
      risk: response.risk ?? null,
      decision: response.decision ?? null,
      payload_state: item.payload_state,
      created_at: item.created_at,
    },
    agent_history: history,
    ...(change ? { tool_change: change } : {}),
    ...(masked ? { masked_paths: masked } : {}),
  };
}

/** A tool definition change: the pinned and the new definition, and what differs between them. */
function toolChangeView(payload: Record<string, unknown>): Record<string, unknown> {
  const before = payload.old_definition ?? null;
  const after = payload.new_definition ?? null;
  return {
    type: TOOL_CHANGE_TYPE,
    route: payload.route ?? null,
    upstream: payload.upstream ?? null,
    tool: payload.tool ?? null,
    old_hash: payload.old_hash ?? null,
    new_hash: payload.new_hash ?? null,
    old_definition: before,
    new_definition: after,
    diff: diffDefinitions(before, after, String(payload.tool ?? 'tool')),
  };
}
