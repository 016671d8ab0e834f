// Team agent patterns: the agent ids a team owns, as literal ids with `*` wildcards
// (`payments-*`, `billing.eu.*`). Deliberately smaller than a full glob so that both stores can
// filter by them in SQL (SQLite GLOB, PostgreSQL LIKE), which keeps paging and totals exact when
// audit and review reads are limited to a team's agents.

const PATTERN = /^[\w.*-]{1,128}$/;

export function isTeamAgentPattern(value: unknown): value is string {
  return typeof value === 'string' && PATTERN.test(value);
}

/** `*` -> `%`; `_` is LIKE's one-character wildcard and must be escaped (backslash is the default escape). */
export function toLikePattern(pattern: string): string {
  return pattern.replaceAll('_', '\\_').replaceAll('*', '%');
}

/** The same test in memory, for one row read by id. */
export function matchesTeamAgents(patterns: readonly string[], agentId: string | null): boolean {
  if (agentId === null) return false;
  return patterns.some((pattern) => new RegExp(`^${pattern.replaceAll('.', '\\.').replaceAll('*', '.*')}$`).test(agentId));
}
