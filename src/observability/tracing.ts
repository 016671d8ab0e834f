// OpenTelemetry spans for the stages of a governed call (pre-check, forward, post-check, ledger
// commit, judge), continuing the caller's W3C traceparent and exported over OTLP/HTTP. Off by
// default, and then free: every helper checks one module variable and calls straight through, so
// the hot path creates no span, no context and no attributes object. One process has one
// exporter (like OpenTelemetry's own global provider); the gateway starts and stops it.

import type { IncomingHttpHeaders } from 'node:http';
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import type { W3CTraceContextPropagator } from '@opentelemetry/core';
import { commonJsExports } from '../interop/commonjs.ts';
import type { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { TracingConfig } from '../config/index.ts';
import type { Logger } from './logger.ts';

/** The span names, one per stage: docs/tracing.md lists them. */
export const SPAN_NAMES = {
  preCheck: 'governance.pre_check',
  postCheck: 'governance.post_check',
  validate: 'governance.validate',
  forward: 'sidecar.forward',
  ledgerCommit: 'ledger.commit',
  judge: 'judge.evaluate',
} as const;

// Loaded with the SDK (the bundle takes OpenTelemetry's CommonJS builds: src/interop/commonjs.ts).
let propagator: W3CTraceContextPropagator | null = null;
const headerGetter = {
  keys: (carrier: IncomingHttpHeaders) => Object.keys(carrier),
  get: (carrier: IncomingHttpHeaders, key: string) => carrier[key],
};
const headerSetter = { set: (carrier: Record<string, string>, key: string, value: string) => { carrier[key] = value; } };

let tracer: Tracer | null = null;
let contextManager: AsyncLocalStorageContextManager | null = null;

export interface Tracing {
  readonly enabled: boolean;
  /** Exports what is buffered, then stops; never rejects (a collector that is down loses those spans). */
  close(): Promise<void>;
}

type SamplerClasses = Pick<typeof import('@opentelemetry/sdk-trace-base'), 'AlwaysOnSampler' | 'AlwaysOffSampler' | 'TraceIdRatioBasedSampler' | 'ParentBasedSampler'>;

/**
 * OTEL_TRACES_SAMPLER as the SDK reads it, from the gateway's configuration (validated at start)
 * rather than the SDK's own reading of the environment. With a parentbased sampler an agent's
 * traceparent flags decide whether its calls' spans are recorded; always_on records them whatever
 * the agent sends (the ledger records every call either way).
 */
function sampler(settings: TracingConfig['sampler'], classes: SamplerClasses) {
  const { AlwaysOnSampler, AlwaysOffSampler, TraceIdRatioBasedSampler, ParentBasedSampler } = classes;
  const root = settings.name.endsWith('always_on') ? new AlwaysOnSampler()
    : settings.name.endsWith('always_off') ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(settings.ratio);
  return settings.name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * How long a stopping gateway waits for the collector to take its last spans. The exporter's own
 * timeout is 10 s a request: a hung collector held every SIGTERM that long (of a pod's 30 s grace).
 */
export const SHUTDOWN_EXPORT_WAIT_MS = 2000;

function withinShutdownWait(flushed: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the collector did not take them within ${SHUTDOWN_EXPORT_WAIT_MS} ms`)), SHUTDOWN_EXPORT_WAIT_MS);
    timer.unref();
  });
  return Promise.race([flushed, late]).finally(() => clearTimeout(timer));
}

/** Starts the exporter when tracing is on. The SDK and exporters are loaded only then: an off gateway never loads them. */
export async function startTracing(config: TracingConfig, version: string, logger?: Logger): Promise<Tracing> {
  if (!config.enabled) return { enabled: false, close: async () => {} };
  const [{ BasicTracerProvider, BatchSpanProcessor, ...samplers }, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, exporterModule, { W3CTraceContextPropagator }] = await Promise.all([
    import('@opentelemetry/sdk-trace-base').then(commonJsExports),
    import('@opentelemetry/resources').then(commonJsExports),
    import('@opentelemetry/context-async-hooks').then(commonJsExports),
    config.protocol === 'http/json' ? import('@opentelemetry/exporter-trace-otlp-http').then(commonJsExports) : import('@opentelemetry/exporter-trace-otlp-proto').then(commonJsExports),
    import('@opentelemetry/core').then(commonJsExports),
  ]);
  propagator ??= new W3CTraceContextPropagator();
  const exporter = new exporterModule.OTLPTraceExporter({ url: config.endpoint, headers: { ...config.headers } });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': version }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
    sampler: sampler(config.sampler, samplers),
  });
  // Spans started inside an active span become its children across awaits (AsyncLocalStorage).
  if (!contextManager) {
    contextManager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(contextManager);
  }
  tracer = provider.getTracer('governance-gateway', version);
  const own = tracer;
  return {
    enabled: true,
    async close() {
      if (tracer === own) tracer = null;
      try {
        await withinShutdownWait(provider.shutdown());
      } catch (error) {
        // The last batch could not be exported (collector down, refusing, or hung past the wait):
        // those spans are lost, but the rest of the gateway's shutdown must still run.
        logger?.warn('tracing stopped without exporting its last spans', { endpoint: config.endpoint, error: (error as Error).message });
      }
    },
  };
}

export function tracingOn(): boolean {
  return tracer !== null;
}

/** Runs `work` as a child span of the active one; with tracing off, just `work()`. */
export function inSpan<T>(name: string, work: (span: Span | undefined) => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  if (tracer === null) return work(undefined);
  return tracer.startActiveSpan(name, { kind }, (span) => finish(span, work));
}

/**
 * The server span of a request, continuing the caller's `traceparent` (and `tracestate`) when it
 * sent one; a new trace otherwise.
 */
export function inServerSpan<T>(name: string, headers: IncomingHttpHeaders, work: (span: Span | undefined) => Promise<T>, attributes?: () => Attributes): Promise<T> {
  if (tracer === null) return work(undefined);
  const parent = propagator!.extract(ROOT_CONTEXT, headers, headerGetter);
  return tracer.startActiveSpan(name, { kind: SpanKind.SERVER, attributes: attributes?.() }, parent, (span) => finish(span, work));
}

/** The `traceparent` for an outgoing call, naming the active span as its parent; undefined with tracing off. */
export function activeTraceparent(): string | undefined {
  if (tracer === null) return undefined;
  const carrier: Record<string, string> = {};
  propagator!.inject(context.active(), carrier, headerSetter);
  return carrier.traceparent;
}

async function finish<T>(span: Span, work: (span: Span) => Promise<T>): Promise<T> {
  try {
    return await work(span);
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

export { SpanKind };
