// /v1/team: the people and keys of a team, the agents it owns, and what they did. Admin only
// (the role table), on the caller's own team: a credential with a team manages that team; a
// credential without one (the bootstrap key, a fleet-wide admin) names the team it acts on.
// Every change is an `access` row in the ledger naming who made it, and moves the key store's
// mark so every replica re-reads credentials on its next request.

import { ApiError, type RequestContext, type Route } from '../http/index.ts';
import {
  MEMBER_ID_PATTERN, TEAM_NAME_PATTERN, TIERS, agentScopeProblem, isTier, issueApiKey, type ApiKeyRecord, type KeyStore, type Member, type Role, type Tier,
} from '../auth/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { isCallKind, isDecidedKind } from '../ledger/index.ts';
import { validateRequest } from '../schemas/index.ts';
import { QueryReader, pagingParameters } from './query-params.ts';
import { readScope } from './team-scope.ts';
import type { AccessEvents } from './access-events.ts';

export interface TeamRouteDeps {
  /** The key store (with its team store); undefined while auth is off (409 AUTH_DISABLED). */
  keys: KeyStore | undefined;
  ledger: Pick<Ledger, 'usage'>;
  access: AccessEvents;
  now?: () => number;
}

const MEMBER_DEFAULT_LIMIT = 50;
const MEMBER_MAX_LIMIT = 500;
const USAGE_DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;
const TEAM_QUERY = { name: 'team', in: 'query' as const, description: 'The team (default: the caller\'s own).', schema: { type: 'string', pattern: TEAM_NAME_PATTERN.source } };
const idPath = (what: string) => ({ name: 'id', in: 'path' as const, required: true, description: `The ${what} id.`, schema: { type: 'string' } });

export function teamRoutes(deps: TeamRouteDeps): Route[] {
  const now = deps.now ?? Date.now;
  const store = (): KeyStore => {
    if (!deps.keys) throw new ApiError('AUTH_DISABLED', 'AUTH_ENABLED=false: there are no credentials, so no members or team keys to manage. Turn auth on first.');
    return deps.keys;
  };
  const at = () => new Date(now()).toISOString();

  /** The team a request acts on: the caller's own, or (for a credential without one) the one it names. */
  const teamOf = (ctx: RequestContext, requested: string | undefined, required: boolean): string | null => {
    const own = ctx.principal?.team ?? null;
    if (requested !== undefined && !TEAM_NAME_PATTERN.test(requested)) {
      throw new ApiError('VALIDATION_FAILED', 'team must be 1-64 letters, digits, _ . or -.', { errors: [{ path: 'team', message: 'must match ^[\\w.-]{1,64}$' }] });
    }
    if (own !== null) {
      if (requested !== undefined && requested !== own) {
        throw new ApiError('TEAM_FORBIDDEN', `This credential belongs to team ${own}; it may not act on team ${requested}.`, { extensions: { team: requested, current_team: own } });
      }
      return own;
    }
    if (requested === undefined && required) {
      throw new ApiError('VALIDATION_FAILED', 'This credential belongs to no team: name the team to act on.', { errors: [{ path: 'team', message: 'is required' }] });
    }
    return requested ?? null;
  };
  const memberNotFound = (id: string, team: string) => new ApiError('MEMBER_NOT_FOUND', `No member ${id} in team ${team}.`);
  /** A path id that is not a member id (`mem_` and 16 hex digits) names no member: 404 before any store read (PostgreSQL refuses a NUL in one). */
  const memberIdParam = (id: string | undefined, team: string): string => {
    if (!id || !MEMBER_ID_PATTERN.test(id)) throw memberNotFound(id ?? '', team);
    return id;
  };
  const keyNotFound = (id: string) => new ApiError('KEY_NOT_FOUND', `No API key ${id} in this team.`);

  const routes: Route[] = [
    {
      method: 'GET', path: '/v1/team/members',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'List the team\'s members and their roles', tags: ['team'], parameters: [TEAM_QUERY, ...pagingParameters(MEMBER_DEFAULT_LIMIT, MEMBER_MAX_LIMIT)],
          description: 'Local members and those who signed in through single sign-on (source `sso`). A credential without a team lists every member unless `team` is given.',
          responses: { 200: { description: 'One page of members', schema: 'TeamMemberList' } }, errors: [403, 409, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const requested = q.string('team', TEAM_NAME_PATTERN);
        const paging = q.paging(MEMBER_DEFAULT_LIMIT, MEMBER_MAX_LIMIT);
        q.done();
        const members = await store().teams.listMembers(teamOf(ctx, requested, false));
        return { body: { items: members.slice(paging.offset, paging.offset + paging.limit), total: members.length, ...paging } };
      },
    },
    {
      method: 'POST', path: '/v1/team/members',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'Add a member to the team with roles', tags: ['team'], request: 'TeamMemberRequest',
          description: 'A local member, identified by email. A person already in another team keeps one id and gains this team with its roles.',
          responses: { 201: { description: 'The member', schema: 'TeamMember' } }, errors: [403, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<{ email: string; display_name?: string; roles: Role[]; team?: string }>('TeamMemberRequest', await ctx.json());
        const team = teamOf(ctx, body.team, true)!;
        const { member, result } = await store().teams.addMember({ subject: body.email, display_name: body.display_name ?? null, source: 'local', team, roles: body.roles }, at());
        if (result === 'exists') {
          throw new ApiError('MEMBER_EXISTS', `${body.email} is already a member of team ${team} (${member.id}); change their roles with PATCH /v1/team/members/${member.id}.`, { extensions: { id: member.id } });
        }
        await deps.access.record(ctx, 'member_added', { team, member_id: member.id, subject: member.subject, roles: rolesIn(member, team) });
        return { status: 201, body: member };
      },
    },
    {
      method: 'PATCH', path: '/v1/team/members/{id}',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'Change a member\'s roles or display name', tags: ['team'], request: 'TeamMemberPatch', parameters: [idPath('member')],
          description: 'Takes effect on the next request everywhere: keys that belong to the member hold at most their new roles.',
          responses: { 200: { description: 'The member', schema: 'TeamMember' } }, errors: [403, 404, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<{ roles?: Role[]; display_name?: string; team?: string }>('TeamMemberPatch', await ctx.json());
        const team = teamOf(ctx, body.team, true)!;
        const id = memberIdParam(ctx.params.id, team);
        const teams = store().teams;
        const before = await teams.getMember(id);
        const member = await teams.updateMember(id, team, { roles: body.roles, display_name: body.display_name }, at());
        if (!member) throw memberNotFound(id, team);
        await deps.access.record(ctx, body.roles ? 'member_roles_changed' : 'member_changed', {
          team, member_id: member.id, subject: member.subject, roles_before: before ? rolesIn(before, team) : null, roles: rolesIn(member, team),
        });
        return { body: member };
      },
    },
    {
      method: 'DELETE', path: '/v1/team/members/{id}',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'Remove a member from the team', tags: ['team'], parameters: [idPath('member'), TEAM_QUERY],
          description: 'Their keys in this team stop working on the next request, on every replica.',
          responses: { 200: { description: 'The member as it was', schema: 'TeamMember' } }, errors: [403, 404, 409, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const requested = q.string('team', TEAM_NAME_PATTERN);
        q.done();
        const team = teamOf(ctx, requested, true)!;
        const id = memberIdParam(ctx.params.id, team);
        const member = await store().teams.removeMember(id, team, at());
        if (!member) throw memberNotFound(id, team);
        await deps.access.record(ctx, 'member_removed', { team, member_id: member.id, subject: member.subject, roles: rolesIn(member, team) });
        return { body: member };
      },
    },
    {
      method: 'GET', path: '/v1/team/keys',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'List the team\'s API keys (never the secrets)', tags: ['team'], parameters: [TEAM_QUERY],
          responses: { 200: { description: 'The keys, oldest first', schema: 'TeamKeyList' } }, errors: [403, 409, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const requested = q.string('team', TEAM_NAME_PATTERN);
        q.done();
        const team = teamOf(ctx, requested, false);
        const keys = await store().list();
        return { body: { items: team === null ? keys : keys.filter((key) => key.team === team) } };
      },
    },
    {
      method: 'POST', path: '/v1/team/keys',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'Create a team API key with roles (the key is shown once)', tags: ['team'], request: 'TeamKeyRequest',
          description: 'An agent key (role agent) must name the agent id or glob it acts for in `agent`. The tier defaults to, and may not exceed, the caller\'s.',
          responses: { 201: { description: 'The key, shown only in this answer', schema: 'TeamKeyCreated' } }, errors: [403, 404, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<{ name?: string; roles: Role[]; agent?: string; member_id?: string; tier?: string; team?: string }>('TeamKeyRequest', await ctx.json());
        const team = teamOf(ctx, body.team, true)!;
        const callerTier = ctx.principal!.tier as Tier;
        const tier = (body.tier ?? callerTier) as Tier;
        if (!isTier(callerTier) || TIERS.indexOf(tier) > TIERS.indexOf(callerTier)) {
          throw new ApiError('TIER_TOO_HIGH', `A ${callerTier} credential may create keys up to the ${callerTier} tier; ${tier} was asked.`, { extensions: { current_tier: callerTier } });
        }
        const agentProblem = body.agent === undefined ? undefined : agentScopeProblem(body.agent);
        if (agentProblem) throw new ApiError('VALIDATION_FAILED', `agent ${agentProblem}.`, { errors: [{ path: 'agent', message: agentProblem }] });
        if (body.roles.includes('agent') !== (body.agent !== undefined)) {
          const message = body.agent === undefined ? 'is required with the agent role' : 'is only for keys with the agent role';
          throw new ApiError('VALIDATION_FAILED', `agent ${message}: an agent key acts for one agent id or glob.`, { errors: [{ path: 'agent', message }] });
        }
        const keys = store();
        if (body.member_id !== undefined && await keys.teams.memberRoles(body.member_id, team) === undefined) throw memberNotFound(body.member_id, team);
        const { key, record } = await issueApiKey(keys, {
          tier, team, name: body.name ?? null, roles: body.roles, agent_scope: body.agent ?? null, member_id: body.member_id ?? null,
        }, new Date(now()));
        await deps.access.record(ctx, 'key_created', keyDetail(record));
        return { status: 201, headers: { 'cache-control': 'no-store' }, body: { key, ...record } };
      },
    },
    {
      method: 'DELETE', path: '/v1/team/keys/{id}',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'Revoke a team API key, on every replica at once', tags: ['team'], parameters: [idPath('key')],
          responses: { 200: { description: 'The key, revoked', schema: 'TeamKey' } }, errors: [403, 404, 409, 503],
        },
      },
      handler: async (ctx) => {
        const keys = store();
        const own = ctx.principal?.team ?? null;
        const found = (await keys.list()).find((key) => key.id === ctx.params.id && (own === null || key.team === own));
        if (!found) throw keyNotFound(ctx.params.id);
        const result = await keys.revoke(found.id, at());
        if (result === 'already_revoked') throw new ApiError('KEY_ALREADY_REVOKED', `The API key ${found.id} was already revoked at ${found.revoked_at}.`);
        if (result === 'not_found') throw keyNotFound(found.id);
        const revoked = (await keys.list()).find((key) => key.id === found.id)!;
        await deps.access.record(ctx, 'key_revoked', keyDetail(revoked));
        return { body: revoked };
      },
    },
    {
      method: 'GET', path: '/v1/team/agents',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'The agents the team owns (agent id patterns)', tags: ['team'], parameters: [TEAM_QUERY],
          responses: { 200: { description: 'The team\'s agent patterns', schema: 'TeamAgents' } }, errors: [403, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const requested = q.string('team', TEAM_NAME_PATTERN);
        q.done();
        const team = teamOf(ctx, requested, true)!;
        const found = await store().teams.getTeam(team);
        return { body: { team, agents: found?.agents ?? [], updated_at: found?.updated_at ?? null } };
      },
    },
    {
      method: 'PUT', path: '/v1/team/agents',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'Set the agents the team owns', tags: ['team'], request: 'TeamAgentsRequest',
          description: 'Agent ids with `*` as wildcard. Members of the team (other than admins) read the audit records, review items and usage of these agents only.',
          responses: { 200: { description: 'The team\'s agent patterns', schema: 'TeamAgents' } }, errors: [403, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<{ agents: string[]; team?: string }>('TeamAgentsRequest', await ctx.json());
        const team = teamOf(ctx, body.team, true)!;
        const teams = store().teams;
        const before = await teams.getTeam(team);
        const saved = await teams.setTeamAgents(team, body.agents, at());
        await deps.access.record(ctx, 'team_agents_changed', { team, agents_before: before?.agents ?? [], agents: saved.agents });
        return { body: { team, agents: saved.agents, updated_at: saved.updated_at } };
      },
    },
    {
      method: 'GET', path: '/v1/team/usage',
      meta: {
        feature: 'team_management',
        doc: {
          summary: 'Calls, decisions and reviews per agent and per member over a period', tags: ['team'],
          parameters: [
            TEAM_QUERY,
            { name: 'from', in: 'query', description: `Start (ISO-8601, inclusive); default ${USAGE_DEFAULT_DAYS} days before \`to\`.`, schema: { type: 'string', format: 'date-time' } },
            { name: 'to', in: 'query', description: 'End (ISO-8601, exclusive); default now.', schema: { type: 'string', format: 'date-time' } },
          ],
          description: 'Per agent of the team: runtime calls, decided rows per outcome and review verdicts. Per member: verdicts signed and oversight rows written, through their keys (or their single sign-on sessions).',
          responses: { 200: { description: 'The counts', schema: 'TeamUsage' } }, errors: [403, 409, 422, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const requested = q.string('team', TEAM_NAME_PATTERN);
        const fromRaw = q.dateTime('from');
        const toRaw = q.dateTime('to');
        q.done();
        const keys = store();
        const to = toRaw ?? new Date(now()).toISOString();
        const from = fromRaw ?? new Date(Date.parse(to) - USAGE_DEFAULT_DAYS * DAY_MS).toISOString();
        if (from >= to) throw new ApiError('VALIDATION_FAILED', 'from must be before to.', { errors: [{ path: 'query.from', message: `must be before to (${to})` }] });
        const team = teamOf(ctx, requested, false);
        // A member's reads stay within the team; an admin or fleet-wide credential asking for a team gets that team's agents.
        const scope = await readScope(ctx, async (name) => (await keys.teams.getTeam(name))?.agents ?? []);
        const agents = scope ?? (team === null ? undefined : (await keys.teams.getTeam(team))?.agents ?? []);
        const counts = await deps.ledger.usage({ from, to, ...(agents === undefined ? {} : { agents }) });
        const members = await keys.teams.listMembers(team);
        const allKeys = await keys.list();
        return { body: { team, from, to, agents: perAgent(counts.agents), members: perMember(members, allKeys, counts.actors) } };
      },
    },
  ];
  // With auth off, say so before looking at the request: its body or query cannot matter.
  return routes.map((route) => ({ ...route, handler: (ctx) => { store(); return route.handler(ctx); } }));
}

function rolesIn(member: Member, team: string): Role[] {
  return member.teams.find((t) => t.team === team)?.roles ?? [];
}

function keyDetail(key: ApiKeyRecord): Record<string, unknown> {
  return { key_id: key.id, team: key.team, tier: key.tier, roles: key.roles, agent_scope: key.agent_scope, member_id: key.member_id, name: key.name };
}

type AgentCounts = Array<{ agent_id: string; kind: string; outcome: string | null; count: number }>;

function perAgent(rows: AgentCounts): Array<{ agent_id: string; calls: number; decisions: Record<string, number>; reviews: number }> {
  const byAgent = new Map<string, { agent_id: string; calls: number; decisions: Record<string, number>; reviews: number }>();
  for (const row of rows) {
    let entry = byAgent.get(row.agent_id);
    if (!entry) byAgent.set(row.agent_id, entry = { agent_id: row.agent_id, calls: 0, decisions: {}, reviews: 0 });
    if (isCallKind(row.kind)) entry.calls += row.count;
    if (isDecidedKind(row.kind) && row.outcome !== null) entry.decisions[row.outcome] = (entry.decisions[row.outcome] ?? 0) + row.count;
    if (row.kind === 'review') entry.reviews += row.count;
  }
  return [...byAgent.values()];
}

function perMember(members: Member[], keys: ApiKeyRecord[], actors: Array<{ actor: string; kind: string; count: number }>) {
  return members.map((member) => {
    // A member acts through their keys (api_key:<id>) or a single sign-on session (session:<subject>).
    const names = new Set([`session:${member.subject}`, ...keys.filter((key) => key.member_id === member.id).map((key) => `api_key:${key.id}`)]);
    const actions: Record<string, number> = {};
    for (const row of actors) if (names.has(row.actor)) actions[row.kind] = (actions[row.kind] ?? 0) + row.count;
    return { member_id: member.id, subject: member.subject, reviews: actions.review ?? 0, actions };
  });
}
