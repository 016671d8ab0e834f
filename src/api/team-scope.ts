// Team scoping of reads: a principal with a team sees the audit records, review items and usage
// of that team's agents only (the team's agent patterns in the team store), unless it is an
// admin. Unscoped: admins, fleet-wide credentials (no team), credentials from before roles
// (legacy_roles, so an upgrade hides nothing), and every caller while auth is off.

import { ApiError, type RequestContext } from '../http/index.ts';
import { isAdmin } from '../auth/index.ts';
import { matchesTeamAgents } from '../ledger/agent-patterns.ts';
import type { Ledger } from '../ledger/index.ts';
import { NO_AGENT } from '../insight/analytics/index.ts';

/** The team's agent patterns ([] when the team owns no agents yet). */
export type TeamAgents = (team: string) => Promise<readonly string[]>;

/** The agent patterns `ctx`'s reads are limited to, or undefined for no limit. */
export async function readScope(ctx: RequestContext, teamAgents: TeamAgents | undefined): Promise<readonly string[] | undefined> {
  const principal = ctx.principal;
  if (!teamAgents || !principal || principal.kind === 'anonymous' || principal.legacy_roles || principal.team === null || isAdmin(principal)) return undefined;
  // A person signed in by SSO may belong to several teams: their reads cover all of them.
  const teams = principal.teams && principal.teams.length > 0 ? principal.teams : [principal.team];
  const patterns = await Promise.all(teams.map((team) => teamAgents(team)));
  return [...new Set(patterns.flat())];
}

/** Answers `notFound` for a record of an agent outside the caller's team: its existence is not the caller's business. */
export async function requireInReadScope(ctx: RequestContext, teamAgents: TeamAgents | undefined, agentId: string | null, notFound: () => ApiError): Promise<void> {
  const scope = await readScope(ctx, teamAgents);
  if (scope !== undefined && !matchesTeamAgents(scope, agentId)) throw notFound();
}

/** For a route that acts on an agent named in the request (a grant, a certification): another team's is 403 TEAM_FORBIDDEN. */
export async function requireTeamAgent(ctx: RequestContext, teamAgents: TeamAgents | undefined, agentId: string): Promise<void> {
  const scope = await readScope(ctx, teamAgents);
  if (scope !== undefined && !matchesTeamAgents(scope, agentId)) {
    throw new ApiError('TEAM_FORBIDDEN', `Agent ${agentId} does not belong to team ${ctx.principal!.team}.`, { extensions: { team: null, current_team: ctx.principal!.team } });
  }
}

/**
 * For what serves the whole fleet rather than some agents (the webhook outbox, whose events name
 * every team's agents and reviews; silencing an alert everyone is notified of): a caller whose
 * reads are limited to a team's agents is 403 TEAM_FORBIDDEN.
 */
export async function requireFleetWide(ctx: RequestContext, teamAgents: TeamAgents | undefined, what: string): Promise<void> {
  if (await readScope(ctx, teamAgents) === undefined) return;
  throw new ApiError('TEAM_FORBIDDEN', `${what} serves the whole fleet; a credential limited to team ${ctx.principal!.team}'s agents may not.`, {
    extensions: { team: null, current_team: ctx.principal!.team },
  });
}

/**
 * For a route that reads or acts on a stored envelope by id (a review item, a decision re-run, a
 * policy dry run of an envelope): one of an agent outside the caller's team answers `notFound`,
 * as an unknown id would. Reads the row only for a team-scoped caller.
 */
export async function requireEnvelopeInReadScope(
  ctx: RequestContext, teamAgents: TeamAgents | undefined, ledger: Pick<Ledger, 'get'>, envelopeId: string,
  notFound: () => ApiError = () => new ApiError('ENVELOPE_NOT_FOUND', `No envelope with id ${envelopeId}.`),
): Promise<void> {
  const scope = await readScope(ctx, teamAgents);
  if (scope === undefined) return;
  const row = await ledger.get(envelopeId);
  if (!matchesTeamAgents(scope, row?.agent_id ?? null)) throw notFound();
}

/**
 * The agents an analytics read covers: a team member sees its teams' agents only; a team that
 * owns no agent yet sees nothing (an empty list would mean the whole fleet, so it becomes
 * NO_AGENT, an id no agent can have). Undefined: the whole fleet.
 */
export async function analyticsScope(ctx: RequestContext, teamAgents: TeamAgents | undefined): Promise<{ agents: readonly string[] } | undefined> {
  const agents = await readScope(ctx, teamAgents);
  return agents === undefined ? undefined : { agents: agents.length > 0 ? agents : [NO_AGENT] };
}
