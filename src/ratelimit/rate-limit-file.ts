// rate_limits.yaml: the default limit, the sliding window length, per-agent overrides by glob,
// and the per-client-IP limit on /v1/auth/*. Parsed strictly: an unknown key, a bad number or
// a bad glob is an error naming its line and field, so a typo never silently loosens a limit.

import picomatch from 'picomatch';
import { agentGlobProblem, compileAgentGlobs } from '../policy/index.ts';
import { ConfigFileError, parseLocatedYaml, type ConfigFileIssue, type FieldPath, type LocatedYaml } from '../config/index.ts';

/** The threshold in one window is requests_per_minute + burst (the spec's 60 + 10 = 70). */
export interface Limit {
  readonly requests_per_minute: number;
  readonly burst: number;
}

export interface AgentOverride {
  readonly pattern: string;
  readonly limit: Limit;
  /** A pattern without glob characters names one agent and beats every glob. */
  readonly exact: boolean;
  readonly matches: (agentId: string) => boolean;
}

export interface RateLimitSettings {
  readonly window_seconds: number;
  readonly default: Limit;
  /** In file order: among globs, the first match wins. */
  readonly agent_overrides: readonly AgentOverride[];
  readonly auth_per_client_ip: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = Object.freeze({
  window_seconds: 60,
  default: Object.freeze({ requests_per_minute: 60, burst: 10 }),
  agent_overrides: Object.freeze([]),
  auth_per_client_ip: Object.freeze({ requests_per_minute: 20, burst: 0 }),
});

export function thresholdOf(limit: Limit): number {
  return limit.requests_per_minute + limit.burst;
}

/** The limit for an agent id: an exact override, else the first matching glob in file order, else default. */
export function agentLimit(settings: RateLimitSettings, agentId: string): { limit: Limit; source: string } {
  let glob: AgentOverride | undefined;
  for (const override of settings.agent_overrides) {
    if (override.exact) {
      if (override.pattern === agentId) return { limit: override.limit, source: override.pattern };
    } else if (glob === undefined && override.matches(agentId)) {
      glob = override;
    }
  }
  return glob ? { limit: glob.limit, source: glob.pattern } : { limit: settings.default, source: 'default' };
}

const TOP_KEYS = ['window_seconds', 'default', 'agent_overrides', 'auth_per_client_ip'];
const LIMIT_KEYS = ['requests_per_minute', 'burst'];
const MAX_COUNT = 1_000_000;
// Agent ids are [\w.-]+ and often hold dots, so `*` must match dots; same options as the policy globs.

export function parseRateLimitFile(text: string, display: string): RateLimitSettings {
  const yaml = parseLocatedYaml(text, display);
  const issues: ConfigFileIssue[] = [];
  const root = yaml.value ?? {};
  if (!isPlainObject(root)) throw new ConfigFileError([yaml.issue([], 'must be a mapping with keys window_seconds, default, agent_overrides')]);
  unknownKeys(yaml, [], root, TOP_KEYS, issues);

  let windowSeconds = DEFAULT_RATE_LIMITS.window_seconds;
  if (root.window_seconds !== undefined) windowSeconds = count(yaml, ['window_seconds'], root.window_seconds, 1, 86_400, issues);
  const defaultLimit = root.default === undefined ? DEFAULT_RATE_LIMITS.default : limit(yaml, ['default'], root.default, issues);
  const authLimit = root.auth_per_client_ip === undefined
    ? DEFAULT_RATE_LIMITS.auth_per_client_ip
    : limit(yaml, ['auth_per_client_ip'], root.auth_per_client_ip, issues);

  const overrides: AgentOverride[] = [];
  const rawOverrides = root.agent_overrides ?? {};
  if (!isPlainObject(rawOverrides)) {
    issues.push(yaml.issue(['agent_overrides'], 'must be a mapping of agent-id glob -> {requests_per_minute, burst}'));
  } else {
    for (const pattern of yaml.keys(['agent_overrides'])) {
      const at = ['agent_overrides', pattern];
      const problem = globProblem(pattern);
      if (problem) issues.push(yaml.issue(at, problem, 'key'));
      const overrideLimit = limit(yaml, at, rawOverrides[pattern], issues);
      if (problem) continue;
      const exact = !picomatch.scan(pattern).isGlob;
      overrides.push(Object.freeze({ pattern, limit: overrideLimit, exact, matches: exact ? (id: string) => id === pattern : compileAgentGlobs([pattern]) }));
    }
  }
  if (issues.length > 0) throw new ConfigFileError(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
  return Object.freeze({ window_seconds: windowSeconds, default: defaultLimit, agent_overrides: Object.freeze(overrides), auth_per_client_ip: authLimit });
}

function limit(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[]): Limit {
  if (!isPlainObject(raw)) {
    issues.push(yaml.issue(at, 'must be a mapping with requests_per_minute and burst'));
    return DEFAULT_RATE_LIMITS.default;
  }
  unknownKeys(yaml, at, raw, LIMIT_KEYS, issues);
  const field = (key: string): number => {
    if (raw[key] === undefined) {
      issues.push(yaml.issue([...at, key], 'is required'));
      return 0;
    }
    return count(yaml, [...at, key], raw[key], 0, MAX_COUNT, issues);
  };
  return Object.freeze({ requests_per_minute: field('requests_per_minute'), burst: field('burst') });
}

function count(yaml: LocatedYaml, at: FieldPath, raw: unknown, min: number, max: number, issues: ConfigFileIssue[]): number {
  if (typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max) return raw;
  issues.push(yaml.issue(at, `must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`));
  return min;
}

function unknownKeys(yaml: LocatedYaml, at: FieldPath, value: Record<string, unknown>, known: string[], issues: ConfigFileIssue[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) issues.push(yaml.issue([...at, key], `is not a known key; expected ${known.join(', ')}`, 'key'));
  }
}

/** The same glob rules as the policy catalogs, so `payments-*` means the same agents in both files. */
function globProblem(pattern: string): string | undefined {
  if (pattern === '') return 'an agent pattern cannot be empty';
  return agentGlobProblem(pattern);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
