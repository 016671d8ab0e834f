// `govgate team members|keys|agents|usage`: team administration from a terminal. Like
// `govgate review`, it talks to a running gateway's /v1/team API (--url / GOVGATE_URL, --token /
// GOVGATE_TOKEN, an admin's credential), so every change is a ledger row naming that credential
// and reaches every replica at once.

import { UsageError } from './serve-command.ts';

export const TEAM_USAGE = `usage: govgate team members list [--team T] [--json]
       govgate team members add <email> --role R[,R…] [--name NAME] [--team T]
       govgate team members set <member id> --role R[,R…] [--team T]
       govgate team members remove <member id> [--team T]
       govgate team keys list [--team T] [--json]
       govgate team keys create --role R[,R…] [--agent ID|GLOB] [--member ID] [--tier T] [--name N] [--team T] [--json]
       govgate team keys revoke <key id>
       govgate team agents [--team T]   |   govgate team agents set <pattern>… [--team T]
       govgate team usage [--from ISO] [--to ISO] [--team T] [--json]
  --url URL (GOVGATE_URL, default http://127.0.0.1:8765)   --token T (GOVGATE_TOKEN)`;

export interface TeamOptions {
  url?: string;
  token?: string;
  team?: string;
  role?: string;
  name?: string;
  agent?: string;
  member?: string;
  tier?: string;
  from?: string;
  to?: string;
  json?: boolean;
}

interface Answer { status: number; body: any }

export async function teamCommand(args: string[], options: TeamOptions, out: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const [area, action, ...rest] = args;
  const base = (options.url ?? process.env.GOVGATE_URL ?? 'http://127.0.0.1:8765').replace(/\/+$/, '');
  const token = options.token ?? process.env.GOVGATE_TOKEN;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, 'x-service-token': token });
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const roles = (): string[] => {
    if (!options.role) throw new UsageError(`govgate team ${area} ${action} needs --role (admin, operator, reviewer, auditor, viewer, agent; comma-separated)`);
    return options.role.split(',').map((r) => r.trim()).filter(Boolean);
  };
  const one = (what: string): string => {
    if (rest.length !== 1) throw new UsageError(`govgate team ${area} ${action} needs one ${what}; see govgate team --help`);
    return rest[0];
  };
  const query = (params: Record<string, string | undefined>): string => {
    const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
    return search.size > 0 ? `?${search}` : '';
  };
  const team = options.team === undefined ? {} : { team: options.team };

  let answer: Answer;
  let summary: (body: any) => string;
  if (area === 'members' && action === 'list' && rest.length === 0) {
    answer = await call('GET', `/v1/team/members${query({ team: options.team, limit: '500' })}`);
    summary = (body) => table(['ID', 'SUBJECT', 'NAME', 'SOURCE', 'TEAMS'], body.items.map((m: any) => [
      m.id, m.subject, m.display_name ?? '-', m.source, m.teams.map((t: any) => `${t.team}:${t.roles.join('+')}`).join(' '),
    ]), 'No members.');
  } else if (area === 'members' && action === 'add') {
    answer = await call('POST', '/v1/team/members', { email: one('email'), roles: roles(), ...(options.name ? { display_name: options.name } : {}), ...team });
    summary = (m) => `member ${m.id} (${m.subject}) added\n`;
  } else if (area === 'members' && action === 'set') {
    answer = await call('PATCH', `/v1/team/members/${encodeURIComponent(one('member id'))}`, { roles: roles(), ...team });
    summary = (m) => `member ${m.id} now holds ${m.teams.map((t: any) => `${t.team}:${t.roles.join('+')}`).join(' ')}\n`;
  } else if (area === 'members' && action === 'remove') {
    answer = await call('DELETE', `/v1/team/members/${encodeURIComponent(one('member id'))}${query({ team: options.team })}`);
    summary = (m) => `member ${m.id} (${m.subject}) removed; their keys in the team no longer work\n`;
  } else if (area === 'keys' && action === 'list' && rest.length === 0) {
    answer = await call('GET', `/v1/team/keys${query({ team: options.team })}`);
    summary = (body) => table(['ID', 'HINT', 'TIER', 'TEAM', 'ROLES', 'AGENT', 'MEMBER', 'STATUS'], body.items.map((k: any) => [
      k.id, k.hint, k.tier, k.team ?? '-', k.roles ? k.roles.join('+') : '- (legacy)', k.agent_scope ?? '-', k.member_id ?? '-', k.revoked_at ? `revoked ${k.revoked_at}` : 'active',
    ]), 'No keys.');
  } else if (area === 'keys' && action === 'create' && rest.length === 0) {
    answer = await call('POST', '/v1/team/keys', {
      roles: roles(), ...(options.agent ? { agent: options.agent } : {}), ...(options.member ? { member_id: options.member } : {}),
      ...(options.tier ? { tier: options.tier } : {}), ...(options.name ? { name: options.name } : {}), ...team,
    });
    summary = (k) => `API key ${k.id} created (tier ${k.tier}, team ${k.team}, roles ${k.roles.join('+')}${k.agent_scope ? `, agent ${k.agent_scope}` : ''}).\n`
      + `Store it now: it is shown only this once.\n\n  ${k.key}\n\n`;
  } else if (area === 'keys' && action === 'revoke') {
    answer = await call('DELETE', `/v1/team/keys/${encodeURIComponent(one('key id'))}`);
    summary = (k) => `API key ${k.id} revoked; every replica refuses it from the next request.\n`;
  } else if (area === 'agents' && action === undefined) {
    answer = await call('GET', `/v1/team/agents${query({ team: options.team })}`);
    summary = (t) => `${t.team}: ${t.agents.length > 0 ? t.agents.join(' ') : '(no agents)'}\n`;
  } else if (area === 'agents' && action === 'set') {
    answer = await call('PUT', '/v1/team/agents', { agents: rest, ...team });
    summary = (t) => `${t.team}: ${t.agents.length > 0 ? t.agents.join(' ') : '(no agents)'}\n`;
  } else if (area === 'usage' && action === undefined) {
    answer = await call('GET', `/v1/team/usage${query({ team: options.team, from: options.from, to: options.to })}`);
    summary = (u) => `${u.team ?? 'all teams'} from ${u.from} to ${u.to}\n`
      + table(['AGENT', 'CALLS', 'DECISIONS', 'REVIEWS'], u.agents.map((a: any) => [a.agent_id, String(a.calls), Object.entries(a.decisions).map(([k, v]) => `${k}:${v}`).join(' ') || '-', String(a.reviews)]), 'No agent activity.')
      + table(['MEMBER', 'SUBJECT', 'REVIEWS', 'ACTIONS'], u.members.map((m: any) => [m.member_id, m.subject, String(m.reviews), Object.entries(m.actions).map(([k, v]) => `${k}:${v}`).join(' ') || '-']), 'No members.');
  } else {
    throw new UsageError(TEAM_USAGE);
  }
  if (answer.status >= 400) {
    process.stderr.write(`govgate: ${answer.status} ${answer.body?.code ?? ''}: ${answer.body?.detail ?? 'request failed'}\n`);
    return 1;
  }
  out(options.json ? `${JSON.stringify(answer.body, null, 2)}\n` : summary(answer.body));
  return 0;
}

function table(header: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `${empty}\n`;
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  return [header, ...rows].map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd()).join('\n') + '\n';
}
