// OpenTelemetry traces (docs/tracing.md), from the standard OTEL_* variables. Off unless an OTLP
// endpoint or OTEL_TRACES_EXPORTER=otlp is set: when off, nothing is created on the hot path.

export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

/** OTEL_TRACES_SAMPLER's values (the OpenTelemetry specification's, without the Jaeger and X-Ray ones). */
export const TRACE_SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;
export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

export interface TracingConfig {
  readonly enabled: boolean;
  /** The OTLP/HTTP traces URL (…/v1/traces). */
  readonly endpoint: string;
  readonly protocol: OtlpProtocol;
  /** OTEL_SERVICE_NAME: the `service.name` resource attribute. */
  readonly serviceName: string;
  /** OTEL_EXPORTER_OTLP_HEADERS / OTEL_EXPORTER_OTLP_TRACES_HEADERS: `k=v,k2=v2` (e.g. an API key of the backend). */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * OTEL_TRACES_SAMPLER (default parentbased_always_on: a caller's traceparent flags decide) and
   * OTEL_TRACES_SAMPLER_ARG, the ratio of the traceidratio samplers (default 1).
   */
  readonly sampler: { readonly name: TraceSamplerName; readonly ratio: number };
}

const DEFAULT_ENDPOINT = 'http://localhost:4318/v1/traces';

export function tracingConfig(env: NodeJS.ProcessEnv, issues: string[]): TracingConfig {
  const exporter = (env.OTEL_TRACES_EXPORTER ?? '').trim().toLowerCase();
  if (exporter !== '' && exporter !== 'otlp' && exporter !== 'none') {
    issues.push(`OTEL_TRACES_EXPORTER: "${env.OTEL_TRACES_EXPORTER}" is not supported; use otlp or none`);
  }
  const tracesEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || null;
  const baseEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null;
  const disabled = (env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true';
  const enabled = !disabled && (exporter === 'otlp' || (exporter === '' && (tracesEndpoint !== null || baseEndpoint !== null)));
  // The signal-specific endpoint is used as given; the base one gets the traces path (OTLP spec).
  const endpoint = tracesEndpoint ?? (baseEndpoint ? `${baseEndpoint.replace(/\/+$/, '')}/v1/traces` : DEFAULT_ENDPOINT);
  if (enabled && !/^https?:\/\/[^\s/]+/i.test(endpoint)) issues.push(`OTEL_EXPORTER_OTLP_ENDPOINT: "${endpoint}" is not an http(s) URL`);
  const protocolText = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim();
  const protocol = (OTLP_PROTOCOLS as readonly string[]).includes(protocolText) ? protocolText as OtlpProtocol : 'http/protobuf';
  if (protocol !== protocolText) issues.push(`OTEL_EXPORTER_OTLP_PROTOCOL: "${protocolText}" is not supported; use http/protobuf or http/json`);
  return Object.freeze({
    enabled,
    endpoint,
    protocol,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'governance-gateway',
    headers: Object.freeze(otlpHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? env.OTEL_EXPORTER_OTLP_HEADERS, issues)),
    sampler: Object.freeze(samplerSettings(env, issues)),
  });
}

function samplerSettings(env: NodeJS.ProcessEnv, issues: string[]): TracingConfig['sampler'] {
  const text = (env.OTEL_TRACES_SAMPLER ?? '').trim().toLowerCase() || 'parentbased_always_on';
  const name = (TRACE_SAMPLERS as readonly string[]).includes(text) ? text as TraceSamplerName : 'parentbased_always_on';
  if (name !== text) issues.push(`OTEL_TRACES_SAMPLER: "${env.OTEL_TRACES_SAMPLER}" is not supported; use one of ${TRACE_SAMPLERS.join(', ')}`);
  const arg = env.OTEL_TRACES_SAMPLER_ARG?.trim() ?? '';
  const ratio = arg === '' ? 1 : Number(arg);
  if (!(ratio >= 0 && ratio <= 1)) {
    issues.push(`OTEL_TRACES_SAMPLER_ARG: "${env.OTEL_TRACES_SAMPLER_ARG}" must be a number from 0 to 1`);
    return { name, ratio: 1 };
  }
  return { name, ratio };
}

function otlpHeaders(raw: string | undefined, issues: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!raw?.trim()) return headers;
  for (const pair of raw.split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) {
      issues.push('OTEL_EXPORTER_OTLP_HEADERS: expected key=value pairs separated by commas');
      return {};
    }
    try {
      headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      issues.push('OTEL_EXPORTER_OTLP_HEADERS: a key or value is not valid percent-encoding');
      return {};
    }
  }
  return headers;
}
