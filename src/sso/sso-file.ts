// config/sso.yaml: where the identity provider's metadata comes from, this gateway's public
// address, the security knobs, the tier of signed-in people and the attribute -> team and role
// mapping. Parsed strictly, every problem with file:line, so a typo never silently loosens
// sign-in (an unknown key is an error, not ignored).

import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ConfigFileError, parseLocatedYaml, type ConfigFileIssue, type FieldPath, type LocatedYaml } from '../config/index.ts';
import { TIERS, isTier, type Tier } from '../auth/entitlements.ts';
import { ROLES, type Role } from '../auth/roles.ts';
import { parseIdpMetadata, type IdpMetadata } from './idp-metadata.ts';

export interface AttributeMapping {
  /** The attribute whose value is the person's subject; null: the NameID. */
  readonly subject_attribute: string | null;
  readonly team_attribute: string | null;
  /** IdP value -> team; null: every value of team_attribute is a team as it is. */
  readonly teams: Readonly<Record<string, string>> | null;
  readonly role_attribute: string | null;
  /** IdP value -> roles. Values not listed give no role. */
  readonly roles: Readonly<Record<string, readonly Role[]>>;
  /** Roles of a person no listed value matched. */
  readonly default_roles: readonly Role[];
}

export interface SsoSettings {
  readonly enabled: boolean;
  /** The gateway's public origin as browsers reach it (https://gateway.example.com). */
  readonly base_url: string;
  readonly sp_entity_id: string;
  readonly idp: { readonly metadata_url: string | null; readonly metadata: IdpMetadata | null };
  readonly clock_skew_seconds: number;
  readonly allow_unsolicited: boolean;
  /** How long a login started at /v1/sso/login may take at the IdP. */
  readonly request_ttl_seconds: number;
  readonly session_tier: Tier;
  readonly session_ttl_seconds: number;
  readonly mapping: AttributeMapping;
}

export const DISABLED_SSO: SsoSettings = Object.freeze({
  enabled: false, base_url: '', sp_entity_id: '', idp: { metadata_url: null, metadata: null },
  clock_skew_seconds: 60, allow_unsolicited: false, request_ttl_seconds: 300, session_tier: 'enterprise', session_ttl_seconds: 3600,
  mapping: { subject_attribute: null, team_attribute: null, teams: null, role_attribute: null, roles: {}, default_roles: [] },
});

const TOP = ['enabled', 'base_url', 'sp', 'idp', 'security', 'session', 'mapping'];
const SP = ['entity_id'];
const IDP = ['metadata_url', 'metadata_file'];
const SECURITY = ['clock_skew_seconds', 'allow_unsolicited', 'request_ttl_seconds'];
const SESSION = ['tier', 'ttl_seconds'];
const MAPPING = ['subject_attribute', 'team_attribute', 'teams', 'role_attribute', 'roles', 'default_roles'];

export interface SsoFileContext {
  /** Where metadata_file is resolved from (the config directory). */
  configDir: string;
  /** The deployment's tier (DEFAULT_TIER): signed-in people get at most this. */
  maxTier: Tier;
  /** SERVICE_ENV=production: base_url and metadata_url must be https, and SESSION_SECRET is required. */
  production: boolean;
  /** SESSION_SECRET (or _FILE) is set: every replica signs cookies with the same key. */
  sessionSecretSet: boolean;
}

export function parseSsoFile(text: string, display: string, context: SsoFileContext): SsoSettings {
  const yaml = parseLocatedYaml(text, display);
  const issues: ConfigFileIssue[] = [];
  const root = yaml.value ?? {};
  if (!isPlainObject(root)) throw new ConfigFileError([yaml.issue([], `must be a mapping with keys ${TOP.join(', ')}`)]);
  unknownKeys(yaml, [], root, TOP, issues);
  const enabled = root.enabled === undefined ? true : bool(yaml, ['enabled'], root.enabled, issues);
  if (!enabled) {
    if (issues.length > 0) throw new ConfigFileError(issues);
    return DISABLED_SSO;
  }
  if (context.production && !context.sessionSecretSet) {
    issues.push(yaml.issue(root.enabled === undefined ? [] : ['enabled'], 'SSO is on in production but SESSION_SECRET (or SESSION_SECRET_FILE) is not set: sessions need one signing key shared by every replica'));
  }
  const baseUrl = url(yaml, ['base_url'], root.base_url, context.production, issues, true);
  const origin = baseUrl ? new URL(baseUrl).origin : '';
  if (baseUrl && new URL(baseUrl).pathname !== '/') issues.push(yaml.issue(['base_url'], 'must be an origin only (scheme, host, port), without a path'));

  const sp = section(yaml, ['sp'], root.sp, SP, issues);
  const spEntityId = sp.entity_id === undefined ? `${origin}/v1/sso/metadata` : text1(yaml, ['sp', 'entity_id'], sp.entity_id, issues);

  const idp = section(yaml, ['idp'], root.idp, IDP, issues);
  let metadataUrl: string | null = null;
  let metadata: IdpMetadata | null = null;
  if ((idp.metadata_url === undefined) === (idp.metadata_file === undefined)) {
    issues.push(yaml.issue(['idp'], 'give exactly one of metadata_url and metadata_file'));
  } else if (idp.metadata_url !== undefined) {
    metadataUrl = url(yaml, ['idp', 'metadata_url'], idp.metadata_url, context.production, issues, false);
  } else {
    const file = text1(yaml, ['idp', 'metadata_file'], idp.metadata_file, issues);
    if (file) {
      try {
        metadata = parseIdpMetadata(readFileSync(path.resolve(context.configDir, file), 'utf8'));
      } catch (error) {
        issues.push(yaml.issue(['idp', 'metadata_file'], `cannot be used: ${(error as Error).message}`));
      }
    }
  }

  const security = section(yaml, ['security'], root.security, SECURITY, issues);
  const session = section(yaml, ['session'], root.session, SESSION, issues);
  let tier: Tier = context.maxTier;
  if (session.tier !== undefined) {
    if (typeof session.tier !== 'string' || !isTier(session.tier)) issues.push(yaml.issue(['session', 'tier'], `must be one of ${TIERS.join(', ')}`));
    else if (TIERS.indexOf(session.tier) > TIERS.indexOf(context.maxTier)) issues.push(yaml.issue(['session', 'tier'], `must be at most the deployment's tier (DEFAULT_TIER=${context.maxTier})`));
    else tier = session.tier;
  }

  const settings: SsoSettings = {
    enabled: true,
    base_url: origin,
    sp_entity_id: spEntityId ?? '',
    idp: { metadata_url: metadataUrl, metadata },
    clock_skew_seconds: security.clock_skew_seconds === undefined ? 60 : count(yaml, ['security', 'clock_skew_seconds'], security.clock_skew_seconds, 0, 300, issues),
    allow_unsolicited: security.allow_unsolicited === undefined ? false : bool(yaml, ['security', 'allow_unsolicited'], security.allow_unsolicited, issues),
    request_ttl_seconds: security.request_ttl_seconds === undefined ? 300 : count(yaml, ['security', 'request_ttl_seconds'], security.request_ttl_seconds, 30, 3600, issues),
    session_tier: tier,
    session_ttl_seconds: session.ttl_seconds === undefined ? 3600 : count(yaml, ['session', 'ttl_seconds'], session.ttl_seconds, 60, 43_200, issues),
    mapping: mapping(yaml, root.mapping, issues),
  };
  if (issues.length > 0) throw new ConfigFileError(issues);
  return settings;
}

function mapping(yaml: LocatedYaml, raw: unknown, issues: ConfigFileIssue[]): AttributeMapping {
  const m = section(yaml, ['mapping'], raw, MAPPING, issues);
  const optionalText = (key: string): string | null => (m[key] === undefined ? null : text1(yaml, ['mapping', key], m[key], issues));
  let teams: Record<string, string> | null = null;
  if (m.teams !== undefined) {
    teams = {};
    if (!isPlainObject(m.teams)) issues.push(yaml.issue(['mapping', 'teams'], 'must be a mapping of IdP value -> team name'));
    else for (const key of yaml.keys(['mapping', 'teams'])) {
      const team = text1(yaml, ['mapping', 'teams', key], m.teams[key], issues);
      if (team) teams[key] = team;
    }
  }
  const roles: Record<string, readonly Role[]> = {};
  if (m.roles !== undefined) {
    if (!isPlainObject(m.roles)) issues.push(yaml.issue(['mapping', 'roles'], 'must be a mapping of IdP value -> list of roles'));
    else for (const key of yaml.keys(['mapping', 'roles'])) roles[key] = roleList(yaml, ['mapping', 'roles', key], m.roles[key], issues);
  }
  const settings: AttributeMapping = {
    subject_attribute: optionalText('subject_attribute'),
    team_attribute: optionalText('team_attribute'),
    teams,
    role_attribute: optionalText('role_attribute'),
    roles,
    default_roles: m.default_roles === undefined ? [] : roleList(yaml, ['mapping', 'default_roles'], m.default_roles, issues),
  };
  if (teams && settings.team_attribute === null) issues.push(yaml.issue(['mapping', 'teams'], 'needs mapping.team_attribute (the attribute whose values are looked up here)'));
  if (Object.keys(roles).length > 0 && settings.role_attribute === null) issues.push(yaml.issue(['mapping', 'roles'], 'needs mapping.role_attribute (the attribute whose values are looked up here)'));
  return settings;
}

function roleList(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[]): Role[] {
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list)) {
    issues.push(yaml.issue(at, `must be a list of roles (${ROLES.join(', ')})`));
    return [];
  }
  const out: Role[] = [];
  list.forEach((role, i) => {
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
      issues.push(yaml.issue(typeof raw === 'string' ? at : [...at, i], `"${String(role)}" is not a role; roles are ${ROLES.join(', ')}`));
    } else if (!out.includes(role as Role)) {
      out.push(role as Role);
    }
  });
  return out;
}

function section(yaml: LocatedYaml, at: FieldPath, raw: unknown, keys: string[], issues: ConfigFileIssue[]): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) {
    issues.push(yaml.issue(at, `must be a mapping with keys ${keys.join(', ')}`));
    return {};
  }
  unknownKeys(yaml, at, raw, keys, issues);
  return raw;
}

function url(yaml: LocatedYaml, at: FieldPath, raw: unknown, production: boolean, issues: ConfigFileIssue[], required: boolean): string | null {
  if (raw === undefined && !required) return null;
  if (typeof raw !== 'string') {
    issues.push(yaml.issue(at, 'is required: an http(s) URL'));
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    issues.push(yaml.issue(at, `"${raw}" is not a URL`));
    return null;
  }
  if (parsed.protocol !== 'https:' && (parsed.protocol !== 'http:' || production)) {
    issues.push(yaml.issue(at, `must be an https:// URL${production ? ' when SERVICE_ENV=production' : ''}`));
    return null;
  }
  return parsed.href;
}

function text1(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[]): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') {
    issues.push(yaml.issue(at, 'must be a non-empty string'));
    return null;
  }
  return raw;
}

function bool(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[]): boolean {
  if (typeof raw !== 'boolean') {
    issues.push(yaml.issue(at, 'must be true or false'));
    return false;
  }
  return raw;
}

function count(yaml: LocatedYaml, at: FieldPath, raw: unknown, min: number, max: number, issues: ConfigFileIssue[]): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min || raw > max) {
    issues.push(yaml.issue(at, `must be an integer from ${min} to ${max}`));
    return min;
  }
  return raw;
}

function unknownKeys(yaml: LocatedYaml, at: FieldPath, value: Record<string, unknown>, known: string[], issues: ConfigFileIssue[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) issues.push(yaml.issue([...at, key], `unknown key; expected one of ${known.join(', ')}`, 'key'));
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
