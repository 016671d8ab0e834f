// config/gateway.yaml -> SidecarSettings. ajv checks the shape (every problem at once, each with
// its line and field); the rules JSON Schema cannot say (one tool source, reserved gateway paths,
// unique names) are checked after, with the same kind of message.

import type { ErrorObject } from 'ajv';
import { precompiledValidator } from '../../schemas/precompiled/index.ts';
import picomatch from 'picomatch';
import { ConfigFileError, parseLocatedYaml, type ConfigFileIssue, type FieldPath, type LocatedYaml } from '../../config/index.ts';
import type { Framework } from '../../governance/index.ts';
import { NO_ROUTES, type ConnectRule, type AuditMode, type SidecarRoute, type SidecarSettings, type ToolSource } from './route-types.ts';

const shapeValidator = () => precompiledValidator('gatewayFile');

/** Paths the gateway itself serves: a route without a host may not take them over. */
export const RESERVED_PATHS = ['/v1', '/health', '/metrics', '/docs', '/openapi.json', '/console'] as const;

export const ROUTE_DEFAULTS = Object.freeze({
  connectMs: 5_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  maxResponseBytes: 1024 * 1024,
});

type RawRoute = {
  name: string;
  match: { path_prefix?: string; host?: string };
  upstream: string;
  strip_prefix?: boolean;
  protocol?: 'http' | 'mcp';
  governed?: boolean;
  framework?: Framework;
  tool?: { name?: string; path?: string; name_field?: string; params_field?: string };
  timeouts?: { connect_ms?: number; headers_ms?: number; body_ms?: number };
  max_response_bytes?: number;
  fail_mode?: 'closed' | 'open';
  on_escalation?: 'block' | 'forward' | 'hold' | 'elicit';
  hold_seconds?: number;
  redact?: boolean;
  unscannable?: 'block' | 'release';
  audit?: AuditMode;
  mcp?: { accept_tool_changes?: Record<string, string>; elicitation_fallback?: 'block' | 'hold' };
};

type RawFile = {
  agent_id?: string;
  audit?: AuditMode;
  sessions?: { idle_seconds?: number; max_sessions?: number };
  connect?: { allow?: string[] };
  routes?: RawRoute[];
};

export function parseGatewayFile(text: string, display: string): SidecarSettings {
  const yaml = parseLocatedYaml(text, display);
  if (yaml.value === null || yaml.value === undefined) return NO_ROUTES;
  const validateShape = shapeValidator();
  if (!validateShape(yaml.value)) throw new ConfigFileError(sorted(shapeIssues(yaml, validateShape.errors ?? [])));
  const raw = yaml.value as RawFile;
  const auditDefault = raw.audit ?? 'strict';
  const issues: ConfigFileIssue[] = [];
  const names = new Set<string>();
  const routes = (raw.routes ?? []).map((route, index) => {
    if (names.has(route.name)) issues.push(yaml.issue(['routes', index, 'name'], `duplicate route name "${route.name}"`));
    names.add(route.name);
    return compileRoute(yaml, route, index, auditDefault, issues);
  });
  const connectAllow = (raw.connect?.allow ?? []).map((entry, index) => connectRule(yaml, entry, index, issues));
  if (issues.length > 0) throw new ConfigFileError(sorted(issues));
  return Object.freeze({
    agentId: raw.agent_id ?? null,
    routes: Object.freeze(routes),
    connectAllow: Object.freeze(connectAllow),
    sessions: Object.freeze({
      idleSeconds: raw.sessions?.idle_seconds ?? NO_ROUTES.sessions.idleSeconds,
      maxSessions: raw.sessions?.max_sessions ?? NO_ROUTES.sessions.maxSessions,
    }),
  });
}

function compileRoute(yaml: LocatedYaml, raw: RawRoute, index: number, auditDefault: AuditMode, issues: ConfigFileIssue[]): SidecarRoute {
  const at = (...rest: Array<string | number>): FieldPath => ['routes', index, ...rest];
  const protocol = raw.protocol ?? 'http';
  const governed = raw.governed ?? true;
  const pathPrefix = raw.match.path_prefix === undefined ? null : trimSlash(raw.match.path_prefix);
  const host = raw.match.host?.toLowerCase() ?? null;

  let upstream = new URL('http://invalid.invalid');
  try {
    upstream = new URL(raw.upstream);
    if (upstream.username || upstream.password || upstream.search || upstream.hash) {
      issues.push(yaml.issue(at('upstream'), 'must be a plain http(s) URL without credentials, query or fragment'));
    }
  } catch {
    issues.push(yaml.issue(at('upstream'), `"${raw.upstream}" is not a URL`));
  }
  if (raw.strip_prefix && pathPrefix === null) issues.push(yaml.issue(at('strip_prefix'), 'needs match.path_prefix'));
  if (pathPrefix !== null && host === null) {
    const taken = RESERVED_PATHS.find((reserved) => underPrefix(reserved, pathPrefix) || underPrefix(pathPrefix, reserved));
    if (taken) issues.push(yaml.issue(at('match', 'path_prefix'), `overlaps ${taken}, which the gateway serves; use another prefix or add match.host`));
  }
  const tool = toolSource(yaml, raw, at, protocol, governed, issues);
  if (raw.redact && !governed) issues.push(yaml.issue(at('redact'), 'only applies to governed routes'));
  if (raw.unscannable && !governed) issues.push(yaml.issue(at('unscannable'), 'only applies to governed routes'));
  if (raw.audit && !governed) issues.push(yaml.issue(at('audit'), `route "${raw.name}" is not governed, so it records nothing to audit; remove audit or set governed: true`));
  if (raw.mcp && protocol !== 'mcp') issues.push(yaml.issue(at('mcp'), 'only applies to protocol: mcp'));
  // Elicitation asks the user through the MCP client: an HTTP agent has no such channel.
  if (raw.on_escalation === 'elicit' && protocol !== 'mcp') issues.push(yaml.issue(at('on_escalation'), 'elicit only applies to protocol: mcp (it asks the user through the MCP client); use hold or block'));

  return Object.freeze({
    name: raw.name,
    pathPrefix,
    host,
    upstream,
    stripPrefix: raw.strip_prefix ?? false,
    protocol,
    governed,
    tool,
    framework: raw.framework ?? (protocol === 'mcp' ? 'MCP' : 'REST'),
    timeouts: Object.freeze({
      connectMs: raw.timeouts?.connect_ms ?? ROUTE_DEFAULTS.connectMs,
      headersMs: raw.timeouts?.headers_ms ?? ROUTE_DEFAULTS.headersMs,
      bodyMs: raw.timeouts?.body_ms ?? ROUTE_DEFAULTS.bodyMs,
    }),
    maxResponseBytes: raw.max_response_bytes ?? ROUTE_DEFAULTS.maxResponseBytes,
    failMode: raw.fail_mode ?? 'closed',
    audit: raw.audit ?? auditDefault,
    onEscalation: raw.on_escalation ?? 'block',
    holdSeconds: raw.hold_seconds ?? null,
    redact: raw.redact ?? false,
    // A result the gateway cannot read is never approved unread unless the operator opts out.
    unscannable: raw.unscannable ?? 'block',
    acceptedToolChanges: new Map(Object.entries(raw.mcp?.accept_tool_changes ?? {})),
    elicitationFallback: raw.mcp?.elicitation_fallback ?? 'block',
  });
}

function toolSource(
  yaml: LocatedYaml, raw: RawRoute, at: (...rest: Array<string | number>) => FieldPath,
  protocol: string, governed: boolean, issues: ConfigFileIssue[],
): ToolSource | null {
  const tool = raw.tool;
  if (protocol === 'mcp') {
    if (tool) issues.push(yaml.issue(at('tool'), 'MCP routes read the tool from tools/call; remove tool'));
    return null;
  }
  if (!governed) {
    if (tool) issues.push(yaml.issue(at('tool'), 'has no effect on an ungoverned route; remove it or set governed: true'));
    return null;
  }
  if (!tool) {
    issues.push(yaml.issue(at(), 'a governed HTTP route needs tool: {name}, {path: /tools/{tool}} or {name_field}'));
    return null;
  }
  const given = (['name', 'path', 'name_field'] as const).filter((key) => tool[key] !== undefined);
  if (given.length !== 1) {
    issues.push(yaml.issue(at('tool'), `needs exactly one of name, path, name_field (got ${given.join(', ') || 'none'})`));
    return null;
  }
  if (tool.params_field !== undefined && tool.name_field === undefined) {
    issues.push(yaml.issue(at('tool', 'params_field'), 'only applies with name_field'));
  }
  if (tool.name !== undefined) return { kind: 'fixed', name: tool.name };
  if (tool.path !== undefined) {
    const segments = trimSlash(tool.path).split('/').slice(1);
    if (segments.filter((segment) => segment === '{tool}').length !== 1 || segments.some((s) => s !== '{tool}' && s.includes('{'))) {
      issues.push(yaml.issue(at('tool', 'path'), 'must hold {tool} once, as a whole segment (e.g. /tools/{tool})'));
    }
    return { kind: 'path', template: tool.path, segments };
  }
  return { kind: 'body', nameField: tool.name_field!, paramsField: tool.params_field ?? null };
}

function connectRule(yaml: LocatedYaml, entry: string, index: number, issues: ConfigFileIssue[]): ConnectRule {
  const colon = entry.lastIndexOf(':');
  const pattern = (colon === -1 ? entry : entry.slice(0, colon)).toLowerCase();
  const port = colon === -1 ? 443 : Number(entry.slice(colon + 1));
  if (!Number.isInteger(port) || port < 1 || port > 65_535) issues.push(yaml.issue(['connect', 'allow', index], `port must be 1-65535, got ${entry.slice(colon + 1)}`));
  let matches: (host: string) => boolean = () => false;
  try {
    matches = picomatch(pattern, { nocase: true, strictBrackets: true });
  } catch (error) {
    issues.push(yaml.issue(['connect', 'allow', index], `is not a valid host glob: ${(error as Error).message}`));
  }
  return Object.freeze({ pattern, ports: Object.freeze([port]), matches });
}

function shapeIssues(yaml: LocatedYaml, errors: readonly ErrorObject[]): ConfigFileIssue[] {
  const seen = new Set<string>();
  const issues: ConfigFileIssue[] = [];
  for (const error of errors) {
    const path = pointerPath(error.instancePath, yaml.value);
    const params = error.params as Record<string, unknown>;
    let issue: ConfigFileIssue;
    if (error.keyword === 'additionalProperties') {
      issue = yaml.issue([...path, String(params.additionalProperty)], 'is not a known key', 'key');
    } else if (error.keyword === 'required') {
      issue = yaml.issue([...path, String(params.missingProperty)], 'is required');
    } else if (error.keyword === 'enum') {
      issue = yaml.issue(path, `${routeLabel(yaml.value, path)}must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`);
    } else if (error.keyword === 'minProperties') {
      issue = yaml.issue(path, 'must not be empty');
    } else {
      issue = yaml.issue(path, error.message ?? `fails ${error.keyword}`);
    }
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) issues.push(issue);
    seen.add(key);
  }
  return issues;
}

/** `route "kb": ` for a route's audit setting, so the message names the route it sits in. */
function routeLabel(data: unknown, path: Array<string | number>): string {
  if (path.length !== 3 || path[0] !== 'routes' || path[2] !== 'audit') return '';
  const route = (data as RawFile).routes?.[path[1] as number] as { name?: unknown } | undefined;
  return typeof route?.name === 'string' ? `route "${route.name}": ` : '';
}

function pointerPath(pointer: string, data: unknown): Array<string | number> {
  const path: Array<string | number> = [];
  let node = data;
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const segment = Array.isArray(node) && /^\d+$/.test(key) ? Number(key) : key;
    path.push(segment);
    node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[segment] : undefined;
  }
  return path;
}

function sorted(issues: ConfigFileIssue[]): ConfigFileIssue[] {
  return issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** `/kb/` -> `/kb`; `/` stays `/`. */
export function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

/** Whether `path` is `prefix` or lies under it, segment by segment. */
export function underPrefix(path: string, prefix: string): boolean {
  if (prefix === '/') return true;
  return path === prefix || path.startsWith(`${prefix}/`);
}
