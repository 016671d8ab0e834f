// Teams and their members, in the same store as the API keys (keys.db, or PostgreSQL beside the
// ledger in a fleet). A member is a person: a local account or one signed in through single
// sign-on (source `sso`, keyed by the IdP's NameID or email), holding roles per team. A team owns
// agents by pattern (`payments-*`): reads of audit and review data by its members are limited to
// them. Any change to roles or members moves the key store's revocation mark, so every process
// sharing the store re-reads credentials on its next request (keys bound to a member take the
// member's current roles).
//
// One implementation over a small SQL adapter, so the SQLite and PostgreSQL stores cannot differ.

import { randomBytes } from 'node:crypto';
import { normalizeRoles, parseStoredRoles, type Role } from './roles.ts';

export type MemberSource = 'local' | 'sso';

export interface MemberTeam {
  team: string;
  roles: Role[];
}

export interface Member {
  id: string;
  /** The sign-in name: an email for local members, the IdP's NameID (or email) for SSO ones. */
  subject: string;
  display_name: string | null;
  source: MemberSource;
  created_at: string;
  updated_at: string;
  teams: MemberTeam[];
}

export interface Team {
  name: string;
  /** Team agent patterns: ids with `*` wildcards (src/ledger/agent-patterns.ts). */
  agents: string[];
  created_at: string;
  updated_at: string;
}

export interface NewMember {
  subject: string;
  display_name: string | null;
  source: MemberSource;
  team: string;
  roles: readonly Role[];
}

export interface SsoMember {
  subject: string;
  display_name: string | null;
  /** Every team the IdP's attributes map the person to, with the roles there; replaces what was stored. */
  teams: ReadonlyArray<{ team: string; roles: readonly Role[] }>;
}

export interface TeamStore {
  listMembers(team: string | null): Promise<Member[]>;
  getMember(id: string): Promise<Member | undefined>;
  findMemberBySubject(subject: string): Promise<Member | undefined>;
  /** `exists`: the person is already a member of that team (nothing changed). */
  addMember(input: NewMember, at: string): Promise<{ member: Member; result: 'created' | 'added' | 'exists' }>;
  /** undefined when the member is not in `team`. */
  updateMember(id: string, team: string, change: { roles?: readonly Role[]; display_name?: string | null }, at: string): Promise<Member | undefined>;
  /** Removes the member from `team` (and the member when it was their last team); undefined when not in it. */
  removeMember(id: string, team: string, at: string): Promise<Member | undefined>;
  upsertSsoMember(input: SsoMember, at: string): Promise<Member>;
  /** The member's roles in `team`, or undefined when they are not (or no longer) a member of it. */
  memberRoles(id: string, team: string): Promise<Role[] | undefined>;
  listTeams(): Promise<Team[]>;
  getTeam(name: string): Promise<Team | undefined>;
  setTeamAgents(name: string, agents: readonly string[], at: string): Promise<Team>;
}

/** What a store gives the team logic: `?` placeholders, one transaction at a time. */
export type SqlQuery = <R = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<R[]>;

export interface TeamSql {
  query: SqlQuery;
  transaction<T>(fn: (query: SqlQuery) => Promise<T>): Promise<T>;
  /** Inside a transaction: tell every process sharing the store to re-read credentials (at commit). */
  credentialsChanged(query: SqlQuery): Promise<void>;
}

export const TEAM_NAME_PATTERN = /^[\w.-]{1,64}$/;

/** What newMemberId makes: `mem_` and 16 hex digits. */
export const MEMBER_ID_PATTERN = /^mem_[0-9a-f]{16}$/;

export function newMemberId(): string {
  return `mem_${randomBytes(8).toString('hex')}`;
}

interface MemberRow { id: string; subject: string; display_name: string | null; source: MemberSource; created_at: string; updated_at: string }
interface RoleRow { member_id: string; team: string; roles: string }
interface TeamRow { name: string; agents: string; created_at: string; updated_at: string }

const MEMBER_COLUMNS = 'id, subject, display_name, source, created_at, updated_at';

export function createTeamStore(sql: TeamSql): TeamStore {
  const withTeams = async (query: SqlQuery, rows: MemberRow[]): Promise<Member[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const roleRows = await query<RoleRow>(`SELECT member_id, team, roles FROM member_roles WHERE member_id IN (${ids.map(() => '?').join(', ')}) ORDER BY team`, ids);
    return rows.map((row) => ({
      ...row,
      teams: roleRows.filter((r) => r.member_id === row.id).map((r) => ({ team: r.team, roles: parseStoredRoles(r.roles) ?? [] })),
    }));
  };
  const memberById = async (query: SqlQuery, id: string): Promise<Member | undefined> =>
    (await withTeams(query, await query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ?`, [id])))[0];
  const memberBySubject = async (query: SqlQuery, subject: string): Promise<Member | undefined> =>
    (await withTeams(query, await query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE subject = ?`, [subject])))[0];
  const ensureTeam = (query: SqlQuery, team: string, at: string) =>
    query(`INSERT INTO teams (name, agents, created_at, updated_at) VALUES (?, '[]', ?, ?) ON CONFLICT (name) DO NOTHING`, [team, at, at]);
  const setRoles = async (query: SqlQuery, id: string, team: string, roles: readonly Role[], at: string) => {
    await ensureTeam(query, team, at);
    await query(`INSERT INTO member_roles (member_id, team, roles) VALUES (?, ?, ?) ON CONFLICT (member_id, team) DO UPDATE SET roles = excluded.roles`,
      [id, team, JSON.stringify(normalizeRoles(roles))]);
  };
  const teamOf = (row: TeamRow): Team => ({ ...row, agents: JSON.parse(row.agents) as string[] });

  return {
    async listMembers(team) {
      const rows = team === null
        ? await sql.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members ORDER BY created_at, id`)
        : await sql.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE id IN (SELECT member_id FROM member_roles WHERE team = ?) ORDER BY created_at, id`, [team]);
      return withTeams(sql.query, rows);
    },
    getMember: (id) => memberById(sql.query, id),
    findMemberBySubject: (subject) => memberBySubject(sql.query, subject),
    addMember: (input, at) => sql.transaction(async (query) => {
      const existing = await memberBySubject(query, input.subject);
      if (existing?.teams.some((t) => t.team === input.team)) return { member: existing, result: 'exists' as const };
      const id = existing?.id ?? newMemberId();
      if (!existing) {
        await query(`INSERT INTO members (${MEMBER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`, [id, input.subject, input.display_name, input.source, at, at]);
      } else {
        await query('UPDATE members SET updated_at = ? WHERE id = ?', [at, id]);
      }
      await setRoles(query, id, input.team, input.roles, at);
      await sql.credentialsChanged(query);
      return { member: (await memberById(query, id))!, result: existing ? 'added' as const : 'created' as const };
    }),
    updateMember: (id, team, change, at) => sql.transaction(async (query) => {
      const member = await memberById(query, id);
      if (!member?.teams.some((t) => t.team === team)) return undefined;
      if (change.roles !== undefined) await setRoles(query, id, team, change.roles, at);
      if (change.display_name !== undefined) await query('UPDATE members SET display_name = ? WHERE id = ?', [change.display_name, id]);
      await query('UPDATE members SET updated_at = ? WHERE id = ?', [at, id]);
      await sql.credentialsChanged(query);
      return memberById(query, id);
    }),
    removeMember: (id, team, at) => sql.transaction(async (query) => {
      const member = await memberById(query, id);
      if (!member?.teams.some((t) => t.team === team)) return undefined;
      await query('DELETE FROM member_roles WHERE member_id = ? AND team = ?', [id, team]);
      if (member.teams.length === 1) await query('DELETE FROM members WHERE id = ?', [id]);
      else await query('UPDATE members SET updated_at = ? WHERE id = ?', [at, id]);
      await sql.credentialsChanged(query);
      return member;
    }),
    upsertSsoMember: (input, at) => sql.transaction(async (query) => {
      const existing = await memberBySubject(query, input.subject);
      const id = existing?.id ?? newMemberId();
      if (!existing) {
        await query(`INSERT INTO members (${MEMBER_COLUMNS}) VALUES (?, ?, ?, 'sso', ?, ?)`, [id, input.subject, input.display_name, at, at]);
      } else {
        await query(`UPDATE members SET display_name = coalesce(?, display_name), source = 'sso', updated_at = ? WHERE id = ?`, [input.display_name, at, id]);
      }
      // The IdP is the source of truth for an SSO member: teams it no longer maps are dropped.
      await query('DELETE FROM member_roles WHERE member_id = ?', [id]);
      for (const { team, roles } of input.teams) await setRoles(query, id, team, roles, at);
      await sql.credentialsChanged(query);
      return (await memberById(query, id))!;
    }),
    async memberRoles(id, team) {
      const [row] = await sql.query<RoleRow>('SELECT member_id, team, roles FROM member_roles WHERE member_id = ? AND team = ?', [id, team]);
      return row ? parseStoredRoles(row.roles) ?? [] : undefined;
    },
    async listTeams() {
      return (await sql.query<TeamRow>('SELECT name, agents, created_at, updated_at FROM teams ORDER BY name')).map(teamOf);
    },
    async getTeam(name) {
      const [row] = await sql.query<TeamRow>('SELECT name, agents, created_at, updated_at FROM teams WHERE name = ?', [name]);
      return row ? teamOf(row) : undefined;
    },
    setTeamAgents: (name, agents, at) => sql.transaction(async (query) => {
      await ensureTeam(query, name, at);
      await query('UPDATE teams SET agents = ?, updated_at = ? WHERE name = ?', [JSON.stringify([...new Set(agents)]), at, name]);
      const [row] = await query<TeamRow>('SELECT name, agents, created_at, updated_at FROM teams WHERE name = ?', [name]);
      return teamOf(row);
    }),
  };
}

/** The tables, for both stores (types that both SQLite STRICT and PostgreSQL accept). */
export const TEAM_TABLES_SQL = `
  CREATE TABLE teams (
    name       TEXT PRIMARY KEY,
    agents     TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE members (
    id           TEXT PRIMARY KEY,
    subject      TEXT NOT NULL UNIQUE,
    display_name TEXT,
    source       TEXT NOT NULL CHECK (source IN ('local', 'sso')),
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
  );
  CREATE TABLE member_roles (
    member_id TEXT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    team      TEXT NOT NULL REFERENCES teams (name),
    roles     TEXT NOT NULL,
    PRIMARY KEY (member_id, team)
  );
  CREATE INDEX member_roles_team ON member_roles (team);
  ALTER TABLE api_keys ADD COLUMN roles TEXT;
  ALTER TABLE api_keys ADD COLUMN agent_scope TEXT;
  ALTER TABLE api_keys ADD COLUMN member_id TEXT;
  UPDATE api_keys SET roles = '["admin"]' WHERE name = 'bootstrap (BOOTSTRAP_API_KEY)';
`;
