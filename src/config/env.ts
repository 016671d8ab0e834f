// Environment variables -> one frozen, validated Config. Every bad value fails start-up with the
// variable's name and what it accepts; nothing is silently defaulted over a typo.

import net from 'node:net';
import path from 'node:path';
import { LOG_LEVELS, type LogLevel } from '../observability/index.ts';
import { sessionConfig, type SessionConfig } from './session-settings.ts';
import { API_KEY_PREFIX, TIERS, isApiKeyFormat, isTier, type Tier } from '../auth/index.ts';
import { certifyConfig, judgeConfig, type CertifyConfig, type JudgeConfig } from './judge-settings.ts';
import { insightConfig, type InsightConfig } from './insight-settings.ts';
import { reportsConfig, type ReportsConfig } from './report-settings.ts';
import { tracingConfig, type TracingConfig } from './tracing-settings.ts';
import { boolean, integer } from './env-values.ts';
import { DEFAULT_MAX_JSON_VALUES } from '../json/index.ts';
import { ledgerConfig, type LedgerConfig } from './ledger-settings.ts';
import { outcomeReconcileConfig, type OutcomeReconcileConfig } from './oversight-settings.ts';
import { memoryConfig, type MemoryConfig } from './memory-settings.ts';

export { PG_SSL_SETTINGS, type LedgerConfig, type PgSslSetting } from './ledger-settings.ts';

export const VARIANTS = ['embedded', 'edge'] as const;
export type Variant = (typeof VARIANTS)[number];

export const RATE_LIMIT_REDIS_FALLBACKS = ['local', 'fail_closed'] as const;
export type RateLimitRedisFallback = (typeof RATE_LIMIT_REDIS_FALLBACKS)[number];

/** The limiter a fleet shares (REDIS_URL); null: each process counts on its own. */
export interface SharedRateLimitConfig {
  readonly url: string;
  /** RATE_LIMIT_REDIS_PREFIX: every key starts with it (default `govgate:rl:`). */
  readonly keyPrefix: string;
  /** RATE_LIMIT_REDIS_FALLBACK: while Redis is unreachable, count locally on a share of the threshold, or refuse (503). */
  readonly fallback: RateLimitRedisFallback;
  /** RATE_LIMIT_FLEET_REPLICAS: the local share is ceil(threshold / replicas). */
  readonly fleetReplicas: number;
  /** RATE_LIMIT_REDIS_TIMEOUT_MS: a decision Redis has not answered by then uses the fallback. */
  readonly timeoutMs: number;
}

/** How long the ledger keeps what (HOT_PAYLOAD_DAYS, METADATA_YEARS) and how often the job runs. */
export interface RetentionConfig {
  readonly hotPayloadDays: number;
  readonly metadataYears: number;
  /** RETENTION_INTERVAL_MINUTES: the scheduled job (one process of a fleet at a time); 0 disables it. */
  readonly intervalMinutes: number;
}

/** Signed checkpoints of the chain head (see docs/ledger.md). */
export interface CheckpointConfig {
  /** CHECKPOINT_KEY: PEM (PKCS#8) or private JWK text. */
  readonly key: string | null;
  /** CHECKPOINT_KEY_FILE: a file holding such a key (e.g. a mounted secret). */
  readonly keyFile: string | null;
  /** Where a generated key is kept when neither is set; null (':memory:' ledger): a key per process. */
  readonly generatedKeyPath: string | null;
  /** CHECKPOINT_INTERVAL_SECONDS; 0 disables the scheduled checkpoints. */
  readonly intervalSeconds: number;
}

/** How JWTs are verified: HS256 with `secret`, RS256/ES256 with keys from `jwksUrl`. */
export interface JwtConfig {
  readonly secret: string | null;
  readonly jwksUrl: string | null;
  readonly issuer: string | null;
  readonly audience: string | null;
  readonly clockToleranceSeconds: number;
  /** After a JWKS fetch, an unknown `kid` triggers no new fetch for this long. */
  readonly jwksCooldownSeconds: number;
}

/** Client timeouts and the connection cap of the HTTP server (see docs/security.md). */
export interface HttpLimitsConfig {
  /** HTTP_HEADERS_TIMEOUT_MS: the request line and headers must arrive within this. */
  readonly headersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: the whole request, body included, must arrive within this. */
  readonly requestTimeoutMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS: idle keep-alive connections close after this. */
  readonly keepAliveTimeoutMs: number;
  /** HTTP_MAX_CONNECTIONS: connections beyond this are closed at once. */
  readonly maxConnections: number;
}

export interface Config {
  readonly variant: Variant;
  readonly host: string;
  readonly port: number;
  readonly serviceEnv: string;
  readonly authEnabled: boolean;
  readonly rateLimitEnabled: boolean;
  readonly maxBodyBytes: number;
  /** Most JSON values one body (or a tool's JSON answer) may hold (SERVICE_MAX_BODY_VALUES). */
  readonly maxBodyValues: number;
  readonly http: HttpLimitsConfig;
  readonly ledger: LedgerConfig;
  readonly configDir: string;
  readonly policiesDir: string;
  readonly logLevel: LogLevel;
  readonly minSdkVersion: string | null;
  /** AGENT_ID: the agent a sidecar governs (e.g. from the Kubernetes downward API); null for a central gateway. */
  readonly agentId: string | null;
  /** The tier every caller has while AUTH_ENABLED is false. */
  readonly defaultTier: Tier;
  /** /docs and /openapi.json are served unless SERVICE_ENV=production. */
  readonly docsEnabled: boolean;
  /** CONSOLE_ENABLED: the web console at /console; on by default unless SERVICE_ENV=production. */
  readonly consoleEnabled: boolean;
  readonly jwt: JwtConfig;
  /** The SQLite API key store: KEYS_PATH, default keys.db beside the ledger file. With PostgreSQL the keys live there. */
  readonly keysPath: string;
  /** BOOTSTRAP_API_KEY: an API key every replica installs in the key store at start (enterprise tier). */
  readonly bootstrapApiKey: string | null;
  /** Peers whose X-Forwarded-For is believed (IPs or CIDRs); everyone else is their socket address. */
  readonly trustedProxies: readonly string[];
  /** Most rate-limit buckets kept in memory at once (least recently used go first). */
  readonly rateLimitMaxKeys: number;
  readonly retention: RetentionConfig;
  readonly checkpoints: CheckpointConfig;
  /** FLEET_SYNC_INTERVAL_MS: with PostgreSQL, how often fleet state (the kill switch) is re-read in case a NOTIFY was lost. */
  readonly fleetSyncMs: number;
  /** REDIS_URL and RATE_LIMIT_REDIS_*: rate limits shared by a fleet; null without REDIS_URL. */
  readonly sharedRateLimit: SharedRateLimitConfig | null;
  /** The LLM judge (JUDGE_*); null: not configured, judge_score stays null. */
  readonly judge: JudgeConfig | null;
  /** Agent certificates (CERTIFY_*). */
  readonly certify: CertifyConfig;
  /** Sessions of people signed in by SSO (SESSION_SECRET). */
  readonly session: SessionConfig;
  /** Forwarded calls whose outcome never came back (OUTCOME_*). */
  readonly outcomeReconcile: OutcomeReconcileConfig;
  /** SIDECAR_MEMORY_MB: the sidecar's memory budget (docs/performance.md, "Memory"). */
  readonly memory: MemoryConfig;
  /** Analytics roll-up and alert evaluation intervals. */
  readonly insight: InsightConfig;
  /** Compliance reports (REPORTS_*). */
  readonly reports: ReportsConfig;
  /** OpenTelemetry traces (OTEL_*); off unless an OTLP endpoint is configured. */
  readonly tracing: TracingConfig;
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n  - ${issues.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

export const DEFAULT_PORTS: Readonly<Record<Variant, number>> = { embedded: 8765, edge: 8000 };
const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;
const RELAXED_ENVS = new Set(['development', 'dev', 'test']);

export interface ConfigOverrides {
  variant?: string;
  port?: number;
  host?: string;
}

export function loadConfig(env: NodeJS.ProcessEnv, overrides: ConfigOverrides = {}, cwd = process.cwd()): Config {
  const issues: string[] = [];
  const variantRaw = overrides.variant ?? env.GATEWAY_VARIANT ?? 'embedded';
  const variant = (VARIANTS as readonly string[]).includes(variantRaw) ? (variantRaw as Variant) : undefined;
  if (!variant) issues.push(`GATEWAY_VARIANT / --variant: "${variantRaw}" is not one of ${VARIANTS.join(', ')}`);

  // Trimmed: "production " from a hand-written manifest must not turn auth and the docs back to their development defaults.
  const serviceEnv = (env.SERVICE_ENV ?? 'development').trim().toLowerCase() || 'development';
  const port = overrides.port ?? integer(env.PORT, 'PORT', DEFAULT_PORTS[variant ?? 'embedded'], 0, 65_535, issues);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) issues.push(`LOG_LEVEL: "${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  const minSdkVersion = env.MIN_SDK_VERSION?.trim() || null;
  if (minSdkVersion && !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(minSdkVersion)) {
    issues.push(`MIN_SDK_VERSION: "${minSdkVersion}" is not a semantic version like 1.4.0`);
  }

  const defaultTier = (env.DEFAULT_TIER ?? 'enterprise').toLowerCase();
  if (!isTier(defaultTier)) issues.push(`DEFAULT_TIER: "${env.DEFAULT_TIER}" is not one of ${TIERS.join(', ')}`);

  const agentId = env.AGENT_ID?.trim() || null;
  if (agentId !== null && !/^[\w\-.]+$/.test(agentId)) issues.push(`AGENT_ID: "${agentId}" is not an agent id (letters, digits, _ - . only)`);

  const ledger = ledgerConfig(env, cwd, variant, issues);
  const config: Config = {
    variant: variant ?? 'embedded',
    // A laptop gateway listens on loopback only; a sidecar must be reachable from its pod.
    host: overrides.host ?? env.HOST ?? (variant === 'edge' ? '0.0.0.0' : '127.0.0.1'),
    port,
    serviceEnv,
    authEnabled: boolean(env.AUTH_ENABLED, 'AUTH_ENABLED', serviceEnv === 'production', issues),
    rateLimitEnabled: boolean(env.RATE_LIMIT_ENABLED, 'RATE_LIMIT_ENABLED', !RELAXED_ENVS.has(serviceEnv), issues),
    maxBodyBytes: integer(env.SERVICE_MAX_BODY_BYTES, 'SERVICE_MAX_BODY_BYTES', DEFAULT_MAX_BODY_BYTES, 1024, 1024 ** 3, issues),
    maxBodyValues: integer(env.SERVICE_MAX_BODY_VALUES, 'SERVICE_MAX_BODY_VALUES', DEFAULT_MAX_JSON_VALUES, 100, 100_000_000, issues),
    http: httpLimits(env, issues),
    ledger,
    configDir: path.resolve(cwd, env.CONFIG_DIR ?? 'config'),
    policiesDir: path.resolve(cwd, env.POLICIES_DIR ?? 'policies'),
    logLevel: logLevel as LogLevel,
    minSdkVersion,
    agentId,
    defaultTier: isTier(defaultTier) ? defaultTier : 'enterprise',
    docsEnabled: serviceEnv !== 'production',
    consoleEnabled: boolean(env.CONSOLE_ENABLED, 'CONSOLE_ENABLED', serviceEnv !== 'production', issues),
    jwt: jwtConfig(env, serviceEnv, issues),
    keysPath: keysPath(env, cwd),
    bootstrapApiKey: bootstrapApiKey(env, issues),
    trustedProxies: trustedProxies(env.TRUSTED_PROXIES, issues),
    rateLimitMaxKeys: integer(env.RATE_LIMIT_MAX_KEYS, 'RATE_LIMIT_MAX_KEYS', 10_000, 100, 10_000_000, issues),
    retention: {
      hotPayloadDays: integer(env.HOT_PAYLOAD_DAYS, 'HOT_PAYLOAD_DAYS', 90, 1, 36_500, issues),
      metadataYears: integer(env.METADATA_YEARS, 'METADATA_YEARS', 7, 1, 100, issues),
      intervalMinutes: integer(env.RETENTION_INTERVAL_MINUTES, 'RETENTION_INTERVAL_MINUTES', 60, 0, 10_080, issues),
    },
    checkpoints: checkpointConfig(env, cwd, issues),
    fleetSyncMs: integer(env.FLEET_SYNC_INTERVAL_MS, 'FLEET_SYNC_INTERVAL_MS', 5000, 100, 3_600_000, issues),
    sharedRateLimit: sharedRateLimitConfig(env, issues),
    judge: judgeConfig(env, cwd, issues),
    certify: certifyConfig(env, cwd, issues),
    session: sessionConfig(env, cwd, issues),
    outcomeReconcile: outcomeReconcileConfig(env, issues),
    memory: memoryConfig(env, issues),
    insight: insightConfig(env, ledger.kind, issues),
    reports: reportsConfig(env, cwd, issues),
    tracing: tracingConfig(env, issues),
  };
  if (config.retention.metadataYears * 365 < config.retention.hotPayloadDays) {
    issues.push(`HOT_PAYLOAD_DAYS: ${config.retention.hotPayloadDays} days is longer than METADATA_YEARS (${config.retention.metadataYears} years); payloads cannot outlive their metadata`);
  }
  if (issues.length > 0) throw new ConfigError(issues);
  Object.freeze(config.jwt);
  Object.freeze(config.http);
  Object.freeze(config.ledger);
  Object.freeze(config.retention);
  Object.freeze(config.checkpoints);
  Object.freeze(config.trustedProxies);
  Object.freeze(config.session);
  if (config.sharedRateLimit) Object.freeze(config.sharedRateLimit);
  return Object.freeze(config);
}

function httpLimits(env: NodeJS.ProcessEnv, issues: string[]): HttpLimitsConfig {
  // Defaults suit a gateway and a sidecar alike: headers take milliseconds from a real client, and
  // a 5 MB body arrives in well under a minute on any link a tool call runs over.
  const limits = {
    headersTimeoutMs: integer(env.HTTP_HEADERS_TIMEOUT_MS, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000, issues),
    requestTimeoutMs: integer(env.HTTP_REQUEST_TIMEOUT_MS, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000, issues),
    keepAliveTimeoutMs: integer(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000, 100, 3_600_000, issues),
    maxConnections: integer(env.HTTP_MAX_CONNECTIONS, 'HTTP_MAX_CONNECTIONS', 1024, 1, 1_000_000, issues),
  };
  if (limits.requestTimeoutMs < limits.headersTimeoutMs) {
    issues.push(`HTTP_REQUEST_TIMEOUT_MS: ${limits.requestTimeoutMs} is shorter than HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}); the whole request cannot arrive before its headers`);
  }
  return limits;
}

function sharedRateLimitConfig(env: NodeJS.ProcessEnv, issues: string[]): SharedRateLimitConfig | null {
  const url = env.REDIS_URL?.trim();
  if (!url) return null;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    issues.push('REDIS_URL: not a URL (redis://[user:password@]host:port[/db] or rediss:// for TLS)');
  }
  if (parsed && !['redis:', 'rediss:'].includes(parsed.protocol)) issues.push(`REDIS_URL: "${parsed.protocol}" is not redis: or rediss:`);
  const fallback = (env.RATE_LIMIT_REDIS_FALLBACK?.trim() || 'local') as RateLimitRedisFallback;
  if (!(RATE_LIMIT_REDIS_FALLBACKS as readonly string[]).includes(fallback)) {
    issues.push(`RATE_LIMIT_REDIS_FALLBACK: "${fallback}" is not one of ${RATE_LIMIT_REDIS_FALLBACKS.join(', ')}`);
  }
  const keyPrefix = env.RATE_LIMIT_REDIS_PREFIX ?? 'govgate:rl:';
  if (!/^[\w:.\-]{0,64}$/.test(keyPrefix)) issues.push(`RATE_LIMIT_REDIS_PREFIX: "${keyPrefix}" must be at most 64 letters, digits, _ : . -`);
  return {
    url,
    keyPrefix,
    fallback,
    fleetReplicas: integer(env.RATE_LIMIT_FLEET_REPLICAS, 'RATE_LIMIT_FLEET_REPLICAS', 1, 1, 10_000, issues),
    timeoutMs: integer(env.RATE_LIMIT_REDIS_TIMEOUT_MS, 'RATE_LIMIT_REDIS_TIMEOUT_MS', 250, 10, 10_000, issues),
  };
}

function checkpointConfig(env: NodeJS.ProcessEnv, cwd: string, issues: string[]): CheckpointConfig {
  const key = env.CHECKPOINT_KEY?.trim() || null;
  const keyFile = env.CHECKPOINT_KEY_FILE?.trim() ? path.resolve(cwd, env.CHECKPOINT_KEY_FILE.trim()) : null;
  if (key !== null && keyFile !== null) issues.push('CHECKPOINT_KEY and CHECKPOINT_KEY_FILE: set one of them, not both');
  const ledger = env.LEDGER_PATH ?? './data/ledger.db';
  return {
    key,
    keyFile,
    generatedKeyPath: ledger === ':memory:' ? null : path.join(path.dirname(path.resolve(cwd, ledger)), 'checkpoint-key.jwk'),
    intervalSeconds: integer(env.CHECKPOINT_INTERVAL_SECONDS, 'CHECKPOINT_INTERVAL_SECONDS', 300, 0, 86_400, issues),
  };
}

function jwtConfig(env: NodeJS.ProcessEnv, serviceEnv: string, issues: string[]): JwtConfig {
  const secret = env.JWT_SECRET || null;
  // HS256 with a short secret can be brute-forced offline from any one token.
  if (secret !== null && Buffer.byteLength(secret) < 32) issues.push('JWT_SECRET: must be at least 32 bytes (HS256 needs a 256-bit secret)');
  const jwksUrl = env.JWT_JWKS_URL?.trim() || null;
  const issuer = env.JWT_ISSUER?.trim() || null;
  const audience = env.JWT_AUDIENCE?.trim() || null;
  if (jwksUrl !== null) {
    let url: URL | undefined;
    try {
      url = new URL(jwksUrl);
    } catch {
      issues.push(`JWT_JWKS_URL: "${jwksUrl}" is not a URL`);
    }
    if (url && url.protocol !== 'https:' && (url.protocol !== 'http:' || serviceEnv === 'production')) {
      issues.push(`JWT_JWKS_URL: must be an https:// URL${serviceEnv === 'production' ? ' when SERVICE_ENV=production' : ''}`);
    }
    // A JWKS is often shared by many applications (and tenants) of one identity provider: without
    // these checks a token minted for any of them would be accepted here.
    if (issuer === null) issues.push('JWT_ISSUER: required when JWT_JWKS_URL is set');
    if (audience === null) issues.push('JWT_AUDIENCE: required when JWT_JWKS_URL is set');
  }
  return {
    secret, jwksUrl, issuer, audience,
    clockToleranceSeconds: integer(env.JWT_CLOCK_TOLERANCE_SECONDS, 'JWT_CLOCK_TOLERANCE_SECONDS', 30, 0, 300, issues),
    jwksCooldownSeconds: integer(env.JWT_JWKS_COOLDOWN_SECONDS, 'JWT_JWKS_COOLDOWN_SECONDS', 30, 0, 3600, issues),
  };
}

function bootstrapApiKey(env: NodeJS.ProcessEnv, issues: string[]): string | null {
  const key = env.BOOTSTRAP_API_KEY?.trim() || null;
  if (key !== null && !isApiKeyFormat(key)) {
    issues.push(`BOOTSTRAP_API_KEY: must be an API key, ${API_KEY_PREFIX} and 43 letters, digits, _ or - (e.g. from govgate keys create, or ${API_KEY_PREFIX} + 43 random letters and digits)`);
  }
  return key;
}

function keysPath(env: NodeJS.ProcessEnv, cwd: string): string {
  const explicit = env.KEYS_PATH?.trim();
  if (explicit) return explicit === ':memory:' ? explicit : path.resolve(cwd, explicit);
  const ledger = env.LEDGER_PATH ?? './data/ledger.db';
  if (ledger === ':memory:') return ':memory:';
  return path.join(path.dirname(path.resolve(cwd, ledger)), 'keys.db');
}

function trustedProxies(raw: string | undefined, issues: string[]): string[] {
  const entries = (raw ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || rest.length > 0 || (bits !== undefined && (!/^\d+$/.test(prefix) || bits > maxBits))) {
      issues.push(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8)`);
    }
  }
  return entries;
}
