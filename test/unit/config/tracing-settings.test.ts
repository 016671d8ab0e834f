// Which OTEL_* settings turn tracing on, where it exports, and which values stop start-up.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tracingConfig } from '../../../src/config/tracing-settings.ts';

function config(env: Record<string, string>) {
  const issues: string[] = [];
  return { config: tracingConfig(env, issues), issues };
}

test('off by default; on with an endpoint or OTEL_TRACES_EXPORTER=otlp; OTEL_SDK_DISABLED and none win', () => {
  assert.equal(config({}).config.enabled, false);
  assert.equal(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).config.enabled, true);
  assert.equal(config({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).config.enabled, true);
  assert.equal(config({ OTEL_TRACES_EXPORTER: 'otlp' }).config.enabled, true);
  assert.equal(config({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).config.enabled, false);
  assert.equal(config({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }).config.enabled, false);
});

test('endpoints: the base one gets /v1/traces, the traces one is used as given, default localhost:4318', () => {
  assert.equal(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).config.endpoint, 'http://collector:4318/v1/traces');
  assert.equal(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:2/custom' }).config.endpoint, 'http://b:2/custom');
  assert.equal(config({ OTEL_TRACES_EXPORTER: 'otlp' }).config.endpoint, 'http://localhost:4318/v1/traces');
});

test('protocol, service name and headers', () => {
  const { config: c } = config({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'edge-1', OTEL_EXPORTER_OTLP_HEADERS: 'api-key=s%3Dcret,x-team=ops' });
  assert.deepEqual([c.protocol, c.serviceName, c.headers], ['http/json', 'edge-1', { 'api-key': 's=cret', 'x-team': 'ops' }]);
  assert.equal(config({}).config.protocol, 'http/protobuf');
  assert.equal(config({}).config.serviceName, 'governance-gateway');
});

test('unsupported values are start-up errors naming the variable', () => {
  assert.match(config({ OTEL_TRACES_EXPORTER: 'zipkin' }).issues.join(), /OTEL_TRACES_EXPORTER/);
  assert.match(config({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }).issues.join(), /OTEL_EXPORTER_OTLP_PROTOCOL.*grpc/);
  assert.match(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }).issues.join(), /not an http\(s\) URL/);
  assert.match(config({ OTEL_EXPORTER_OTLP_HEADERS: 'novalue' }).issues.join(), /key=value/);
});

test('OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG: the specification\'s samplers, default parentbased_always_on; anything else stops start-up', () => {
  assert.deepEqual(config({}).config.sampler, { name: 'parentbased_always_on', ratio: 1 });
  assert.deepEqual(config({ OTEL_TRACES_SAMPLER: 'ALWAYS_ON' }).config.sampler, { name: 'always_on', ratio: 1 });
  assert.deepEqual(config({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }).config.sampler, { name: 'parentbased_traceidratio', ratio: 0.25 });
  assert.match(config({ OTEL_TRACES_SAMPLER: 'jaeger_remote' }).issues.join(), /OTEL_TRACES_SAMPLER: "jaeger_remote" is not supported/);
  for (const arg of ['1.5', '-0.1', 'half']) assert.match(config({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: arg }).issues.join(), /OTEL_TRACES_SAMPLER_ARG.*from 0 to 1/, arg);
});
