// The agent scope every analytics query takes: agent ids or globs (`payments-*`). A team is
// resolved to its agents' globs by the caller (teams are an auth concern, not a query one).
// Globs become LIKE patterns, with LIKE's own wildcards escaped.

import type { SqlParams } from '../insight-db.ts';

export interface AgentScope {
  /** Agent ids or globs (`*` matches any run of characters); empty or absent: every agent. */
  agents?: readonly string[];
}

/**
 * A scope entry no agent matches (agent ids are ^[\w\-.]+$): a team that owns no agent, or an
 * `agents` filter wholly outside the caller's team, is narrowed to it. Plain text, because a
 * PostgreSQL text parameter may not hold a NUL character.
 */
export const NO_AGENT = '(none)';

/** A SQL condition on `agent_id` and its parameters; '' when the scope is the whole fleet. */
export function scopeCondition(scope: AgentScope | undefined, column = 'agent_id'): { sql: string; params: SqlParams } {
  const agents = scope?.agents ?? [];
  if (agents.length === 0) return { sql: '', params: {} };
  const params: SqlParams = {};
  const arms = agents.map((agent, i) => {
    const name = `scope_${i}`;
    if (!agent.includes('*')) {
      params[name] = agent;
      return `${column} = :${name}`;
    }
    params[name] = agent.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
    return `${column} LIKE :${name} ESCAPE '\\'`;
  });
  return { sql: `(${arms.join(' OR ')})`, params };
}

export function isScoped(scope: AgentScope | undefined): boolean {
  return (scope?.agents?.length ?? 0) > 0;
}
