// config/notifications.yaml: the webhooks, which events each one wants, how each request is
// signed, and the outbox's delivery settings. Parsed strictly like rate_limits.yaml: an unknown
// key, an event glob that matches nothing, a URL that is not http(s), a secret that cannot be
// resolved (or is written inline in production) is an error naming its line and field.

import { readFileSync } from 'node:fs';
import picomatch from 'picomatch';
import { ConfigFileError, parseLocatedYaml, type ConfigFileIssue, type FieldPath, type LocatedYaml } from '../config/index.ts';
import { agentGlobProblem, compileAgentGlobs } from '../policy/index.ts';
import { NOTIFICATION_EVENTS, type NotificationEvent, type NotificationEventName } from './notification-event.ts';

export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
const TIERS = ['low', 'medium', 'high', 'critical'];

export interface Webhook {
  readonly name: string;
  readonly url: string;
  readonly events: readonly NotificationEventName[];
  readonly format: WebhookFormat;
  /** The HMAC key (resolved from the environment or a file when the config was read). */
  readonly secret: string;
  readonly agents: ((agentId: string) => boolean) | null;
  readonly tiers: readonly string[] | null;
}

export interface DeliverySettings {
  /** Tries per delivery, the first included; then it is dead (dead letter). */
  readonly max_attempts: number;
  readonly timeout_ms: number;
  /** Requests in flight at once, per gateway process. */
  readonly max_in_flight: number;
  /** Backoff before try n+1: random(0, min(max_backoff_ms, initial_backoff_ms * 2^(n-1))). */
  readonly initial_backoff_ms: number;
  readonly max_backoff_ms: number;
  /** How often the outbox looks for due deliveries (an enqueue in this process wakes it at once). */
  readonly poll_ms: number;
  /** review.expiring fires this long before an open item's deadline. */
  readonly expiring_before_seconds: number;
  /** At start, ledger rows this recent are checked for events a crash kept from the outbox (0: off). */
  readonly catch_up_seconds: number;
  /** Delivered and dead rows are deleted this many days after they were queued. */
  readonly retention_days: number;
}

export interface NotificationSettings {
  readonly delivery: DeliverySettings;
  readonly webhooks: readonly Webhook[];
}

export const DEFAULT_DELIVERY: DeliverySettings = Object.freeze({
  max_attempts: 20, timeout_ms: 5_000, max_in_flight: 8, initial_backoff_ms: 1_000, max_backoff_ms: 60 * 60_000,
  poll_ms: 1_000, expiring_before_seconds: 15 * 60, catch_up_seconds: 3_600, retention_days: 30,
});

export const NO_NOTIFICATIONS: NotificationSettings = Object.freeze({ delivery: DEFAULT_DELIVERY, webhooks: Object.freeze([]) });

/** Integer bounds of each delivery setting. */
const DELIVERY_BOUNDS: Record<keyof DeliverySettings, [number, number]> = {
  max_attempts: [1, 100], timeout_ms: [100, 120_000], max_in_flight: [1, 256], initial_backoff_ms: [1, 3_600_000],
  max_backoff_ms: [1, 86_400_000], poll_ms: [10, 600_000], expiring_before_seconds: [1, 30 * 86_400],
  catch_up_seconds: [0, 7 * 86_400], retention_days: [1, 3_650],
};
const TOP_KEYS = ['delivery', 'webhooks'];
const WEBHOOK_KEYS = ['name', 'url', 'events', 'secret', 'format', 'filters'];
const SECRET_KEYS = ['env', 'file', 'value'];
const FILTER_KEYS = ['agents', 'tiers'];
const NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;
/** Shorter keys are guessable; RFC 2104 advises at least the hash's output length (32 bytes). */
const MIN_SECRET_LENGTH = 16;

export interface ParseContext {
  /** Where `secret.env` is read (process.env). */
  env: Record<string, string | undefined>;
  /** SERVICE_ENV=production: inline `secret.value` is refused. */
  production: boolean;
}

export function parseNotificationsFile(text: string, display: string, context: ParseContext): NotificationSettings {
  const yaml = parseLocatedYaml(text, display);
  const issues: ConfigFileIssue[] = [];
  const root = yaml.value ?? {};
  if (!isPlainObject(root)) throw new ConfigFileError([yaml.issue([], 'must be a mapping with keys delivery, webhooks')]);
  unknownKeys(yaml, [], root, TOP_KEYS, issues);
  const delivery = deliverySettings(yaml, root.delivery, issues);
  const webhooks: Webhook[] = [];
  const raw = root.webhooks ?? [];
  if (!Array.isArray(raw)) {
    issues.push(yaml.issue(['webhooks'], 'must be a list of webhooks'));
  } else {
    const names = new Set<string>();
    raw.forEach((item, index) => {
      const name = isPlainObject(item) && typeof item.name === 'string' ? item.name : undefined;
      if (name !== undefined && names.has(name)) issues.push(yaml.issue(['webhooks', index, 'name'], `"${name}" is used by an earlier webhook; names must be unique (they key the deliveries)`));
      if (name !== undefined) names.add(name);
      const webhook = webhookAt(yaml, ['webhooks', index], item, context, issues);
      if (webhook) webhooks.push(webhook);
    });
  }
  if (issues.length > 0) throw new ConfigFileError(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
  return Object.freeze({ delivery, webhooks: Object.freeze(webhooks) });
}

/** The webhooks that want `event`: subscribed to its name, and its agent and tier pass the filters. */
export function webhooksFor(settings: NotificationSettings, event: NotificationEvent): Webhook[] {
  return settings.webhooks.filter((webhook) => webhook.events.includes(event.type)
    // An event about no agent (kill switch, chain) or no tier is not filtered by them.
    && (webhook.agents === null || event.agent_id === null || webhook.agents(event.agent_id))
    && (webhook.tiers === null || event.risk_tier === null || webhook.tiers.includes(event.risk_tier)));
}

function deliverySettings(yaml: LocatedYaml, raw: unknown, issues: ConfigFileIssue[]): DeliverySettings {
  if (raw === undefined) return DEFAULT_DELIVERY;
  if (!isPlainObject(raw)) {
    issues.push(yaml.issue(['delivery'], 'must be a mapping of delivery settings'));
    return DEFAULT_DELIVERY;
  }
  const keys = Object.keys(DELIVERY_BOUNDS) as (keyof DeliverySettings)[];
  unknownKeys(yaml, ['delivery'], raw, keys, issues);
  const settings = { ...DEFAULT_DELIVERY };
  for (const key of keys) {
    if (raw[key] === undefined) continue;
    const [min, max] = DELIVERY_BOUNDS[key];
    const value = raw[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) settings[key] = value;
    else issues.push(yaml.issue(['delivery', key], `must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`));
  }
  if (settings.catch_up_seconds >= settings.retention_days * 86_400) {
    // A pruned delivery would look lost to the catch-up, which would send it again.
    issues.push(yaml.issue(['delivery', 'catch_up_seconds'], `must be shorter than retention_days (${settings.retention_days} days)`));
  }
  if (settings.initial_backoff_ms > settings.max_backoff_ms) {
    issues.push(yaml.issue(['delivery', 'initial_backoff_ms'], `must not exceed max_backoff_ms (${settings.max_backoff_ms})`));
  }
  return Object.freeze(settings);
}

function webhookAt(yaml: LocatedYaml, at: FieldPath, raw: unknown, context: ParseContext, issues: ConfigFileIssue[]): Webhook | undefined {
  if (!isPlainObject(raw)) {
    issues.push(yaml.issue(at, 'must be a mapping with name, url, events, secret'));
    return undefined;
  }
  const before = issues.length;
  unknownKeys(yaml, at, raw, WEBHOOK_KEYS, issues);
  for (const key of ['name', 'url', 'events', 'secret']) {
    if (raw[key] === undefined) issues.push(yaml.issue(at, `${key} is required`));
  }
  const name = typeof raw.name === 'string' ? raw.name : '';
  if (raw.name !== undefined && !NAME.test(name)) issues.push(yaml.issue([...at, 'name'], 'must be 1-64 letters, digits, _ . - (starting with a letter or digit)'));
  const url = raw.url === undefined ? '' : webhookUrl(yaml, [...at, 'url'], raw.url, issues);
  const events = raw.events === undefined ? [] : eventList(yaml, [...at, 'events'], raw.events, issues);
  const secret = raw.secret === undefined ? '' : secretOf(yaml, [...at, 'secret'], raw.secret, context, issues);
  let format: WebhookFormat = 'json';
  if (raw.format !== undefined) {
    if ((WEBHOOK_FORMATS as readonly unknown[]).includes(raw.format)) format = raw.format as WebhookFormat;
    else issues.push(yaml.issue([...at, 'format'], `must be one of: ${WEBHOOK_FORMATS.join(', ')}`));
  }
  const filters = raw.filters === undefined ? { agents: null, tiers: null } : filtersOf(yaml, [...at, 'filters'], raw.filters, issues);
  if (issues.length > before) return undefined;
  return Object.freeze({ name, url, events: Object.freeze(events), format, secret, ...filters });
}

function webhookUrl(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[]): string {
  let url: URL | undefined;
  try {
    url = typeof raw === 'string' ? new URL(raw) : undefined;
  } catch { /* reported below */ }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    issues.push(yaml.issue(at, 'must be an absolute http:// or https:// URL'));
    return '';
  }
  return url.toString();
}

function eventList(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[]): NotificationEventName[] {
  const patterns = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(patterns) || patterns.length === 0) {
    issues.push(yaml.issue(at, `must be a non-empty list of event names or globs (${NOTIFICATION_EVENTS.join(', ')})`));
    return [];
  }
  const wanted = new Set<NotificationEventName>();
  patterns.forEach((pattern, index) => {
    const where = typeof raw === 'string' ? at : [...at, index];
    if (typeof pattern !== 'string' || pattern === '') {
      issues.push(yaml.issue(where, 'must be an event name or a glob such as review.*'));
      return;
    }
    const matches = NOTIFICATION_EVENTS.filter((event) => picomatch.isMatch(event, pattern, { dot: true }));
    if (matches.length === 0) issues.push(yaml.issue(where, `"${pattern}" matches no event; known: ${NOTIFICATION_EVENTS.join(', ')}`));
    for (const event of matches) wanted.add(event);
  });
  return NOTIFICATION_EVENTS.filter((event) => wanted.has(event));
}

function secretOf(yaml: LocatedYaml, at: FieldPath, raw: unknown, context: ParseContext, issues: ConfigFileIssue[]): string {
  if (!isPlainObject(raw) || Object.keys(raw).length !== 1 || !SECRET_KEYS.includes(Object.keys(raw)[0])) {
    issues.push(yaml.issue(at, 'must be exactly one of {env: VARIABLE}, {file: /path}, {value: ...} (value: not in production)'));
    return '';
  }
  const [kind] = Object.keys(raw);
  const reference = raw[kind];
  const where = [...at, kind];
  if (typeof reference !== 'string' || reference === '') {
    issues.push(yaml.issue(where, 'must be a non-empty string'));
    return '';
  }
  let secret: string | undefined;
  if (kind === 'value') {
    if (context.production) {
      issues.push(yaml.issue(where, 'an inline secret is refused in production (SERVICE_ENV=production): use {env: VARIABLE} or {file: /path}'));
      return '';
    }
    secret = reference;
  } else if (kind === 'env') {
    secret = context.env[reference];
    if (secret === undefined || secret === '') {
      issues.push(yaml.issue(where, `the environment variable ${reference} is not set`));
      return '';
    }
  } else {
    try {
      secret = readFileSync(reference, 'utf8').trim();
    } catch (error) {
      issues.push(yaml.issue(where, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`));
      return '';
    }
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    issues.push(yaml.issue(where, `the secret must be at least ${MIN_SECRET_LENGTH} characters (use 32 random bytes, e.g. openssl rand -hex 32)`));
    return '';
  }
  return secret;
}

function filtersOf(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[]): Pick<Webhook, 'agents' | 'tiers'> {
  const none = { agents: null, tiers: null };
  if (!isPlainObject(raw)) {
    issues.push(yaml.issue(at, 'must be a mapping with agents and/or tiers'));
    return none;
  }
  unknownKeys(yaml, at, raw, FILTER_KEYS, issues);
  let agents: Webhook['agents'] = null;
  if (raw.agents !== undefined) {
    const globs = stringList(yaml, [...at, 'agents'], raw.agents, issues, (glob) => (glob === '' ? 'cannot be empty' : agentGlobProblem(glob)));
    if (globs) agents = compileAgentGlobs(globs);
  }
  let tiers: string[] | null = null;
  if (raw.tiers !== undefined) {
    tiers = stringList(yaml, [...at, 'tiers'], raw.tiers, issues, (tier) => (TIERS.includes(tier) ? undefined : `must be one of: ${TIERS.join(', ')}`)) ?? null;
  }
  return { agents, tiers: tiers && Object.freeze(tiers) };
}

function stringList(yaml: LocatedYaml, at: FieldPath, raw: unknown, issues: ConfigFileIssue[], problem: (item: string) => string | undefined): string[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) {
    issues.push(yaml.issue(at, 'must be a non-empty list'));
    return undefined;
  }
  const before = issues.length;
  raw.forEach((item, index) => {
    const why = typeof item === 'string' ? problem(item) : 'must be a string';
    if (why) issues.push(yaml.issue([...at, index], why));
  });
  return issues.length > before ? undefined : raw as string[];
}

function unknownKeys(yaml: LocatedYaml, at: FieldPath, value: Record<string, unknown>, known: readonly string[], issues: ConfigFileIssue[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) issues.push(yaml.issue([...at, key], `is not a known key; expected ${known.join(', ')}`, 'key'));
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
