// `govgate keys create|list|revoke`: API keys in the key store the gateway uses: PostgreSQL when
// DATABASE_URL is one (shared by the fleet), else the SQLite file KEYS_PATH (default keys.db
// beside the ledger). A new key is printed once; only its hash is stored. A revoke takes effect
// at once on every gateway process sharing the store.

import { loadConfig } from '../config/index.ts';
import { DEFAULT_KEY_ROLES, ROLES, TIERS, agentScopeProblem, isRole, isTier, issueApiKey, type ApiKeyRecord, type KeyStore, type Role } from '../auth/index.ts';
import { keyStoreKind, openConfiguredKeyStore } from '../gateway/index.ts';
import { UsageError } from './serve-command.ts';

export interface KeysFlags {
  tier?: string;
  team?: string;
  name?: string;
  role?: string;
  agent?: string;
  json?: boolean;
}

const TEAM_PATTERN = /^[\w.\-]{1,64}$/;

export async function keysCommand(args: string[], flags: KeysFlags, out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'create' && sub !== 'list' && sub !== 'revoke') {
    throw new UsageError(`${sub === undefined ? 'govgate keys needs a subcommand' : `unknown keys subcommand "${sub}"`}: create, list or revoke; see govgate keys --help`);
  }
  const config = loadConfig(process.env);
  if (keyStoreKind(config) === 'sqlite' && config.keysPath === ':memory:') {
    throw new UsageError('KEYS_PATH (or LEDGER_PATH) is :memory:, so keys would vanish on exit; set KEYS_PATH to a file');
  }
  const store = await openConfiguredKeyStore(config, { listen: false });
  try {
    if (sub === 'create') return await create(store, flags, out);
    if (sub === 'list') return await list(store, flags, out);
    return await revoke(store, rest, flags, out);
  } finally {
    await store.close();
  }
}

async function create(store: KeyStore, flags: KeysFlags, out: (text: string) => void): Promise<number> {
  const tier = flags.tier?.toLowerCase();
  if (flags.tier === undefined) throw new UsageError(`--tier is required: one of ${TIERS.join(', ')}`);
  if (!tier || !isTier(tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')}; got "${flags.tier}"`);
  if (flags.team !== undefined && !TEAM_PATTERN.test(flags.team)) throw new UsageError('--team must be 1-64 letters, digits, _ . or -');
  if (flags.name !== undefined && (flags.name.length === 0 || flags.name.length > 100 || /[\u0000-\u001f]/.test(flags.name))) {
    throw new UsageError('--name must be 1-100 printable characters');
  }
  const roles = parseRoles(flags.role);
  if (flags.agent !== undefined) {
    const problem = agentScopeProblem(flags.agent);
    if (problem) throw new UsageError(`--agent ${problem}`);
  }
  if (roles.includes('agent') && flags.agent === undefined) throw new UsageError('--role agent needs --agent <agent id or glob>: an agent key acts for its own agent only');
  if (!roles.includes('agent') && flags.agent !== undefined) throw new UsageError('--agent is only for keys with --role agent');
  const { key, record } = await issueApiKey(store, { tier, team: flags.team ?? null, name: flags.name ?? null, roles, agent_scope: flags.agent ?? null });
  if (flags.json) {
    out(JSON.stringify({ key, ...record }, null, 2) + '\n');
    return 0;
  }
  out(`API key ${record.id} created (tier ${record.tier}, roles ${record.roles!.join('+')}${record.agent_scope ? `, agent ${record.agent_scope}` : ''}${record.team ? `, team ${record.team}` : ''}${record.name ? `, name "${record.name}"` : ''}).\n`);
  out('Store it now: it is shown only this once, and the gateway keeps only its hash.\n\n');
  out(`  ${key}\n\n`);
  out('Send it as Authorization: Bearer <key> (embedded gateway) or X-Service-Token: <key> (edge gateway).\n');
  return 0;
}

async function list(store: KeyStore, flags: KeysFlags, out: (text: string) => void): Promise<number> {
  const keys = await store.list();
  if (flags.json) {
    out(JSON.stringify(keys, null, 2) + '\n');
    return 0;
  }
  if (keys.length === 0) {
    out('No API keys. Create one with: govgate keys create --tier developer|team|enterprise\n');
    return 0;
  }
  const rows = [['ID', 'HINT', 'TIER', 'ROLES', 'AGENT', 'TEAM', 'NAME', 'CREATED', 'LAST USED', 'STATUS'], ...keys.map(row)];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) out(r.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd() + '\n');
  return 0;
}

function row(key: ApiKeyRecord): string[] {
  return [
    key.id, key.hint, key.tier, key.roles ? key.roles.join('+') : '-', key.agent_scope ?? '-', key.team ?? '-', key.name ?? '-', key.created_at, key.last_used_at ?? 'never',
    key.revoked_at ? `revoked ${key.revoked_at}` : 'active',
  ];
}

/** --role admin,reviewer (comma-separated); default viewer: least privilege. */
function parseRoles(flag: string | undefined): Role[] {
  if (flag === undefined) return [...DEFAULT_KEY_ROLES];
  const names = flag.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((name) => !isRole(name));
  if (names.length === 0 || unknown.length > 0) throw new UsageError(`--role must be one or more of ${ROLES.join(', ')} (comma-separated); got "${flag}"`);
  return names as Role[];
}

async function revoke(store: KeyStore, args: string[], flags: KeysFlags, out: (text: string) => void): Promise<number> {
  const [id] = args;
  if (!id || args.length > 1) throw new UsageError('usage: govgate keys revoke <key id>   (the id from govgate keys list, e.g. key_0123456789abcdef)');
  const result = await store.revoke(id, new Date().toISOString());
  if (flags.json) out(JSON.stringify({ id, result }) + '\n');
  else if (result === 'revoked') out(`API key ${id} revoked; every gateway sharing this key store refuses it from the next request.\n`);
  else if (result === 'already_revoked') out(`API key ${id} was already revoked.\n`);
  else process.stderr.write(`govgate: no API key with id ${id}; see govgate keys list\n`);
  return result === 'not_found' ? 1 : 0;
}
