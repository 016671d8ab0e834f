// Hot reload of rate_limits.yaml on a running gateway: a good edit changes the limits without a
// restart; a broken edit is rejected (log line, metric) and the last good limits stay in force.
// The test waits for the reload event the gateway publishes, never for a timer.

import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics_channel from 'node:diagnostics_channel';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { CONFIG_RELOAD_CHANNEL, type ConfigReloadEvent } from '../../src/config/index.ts';

const limits = (rate: number, burst: number) => `default:\n  requests_per_minute: ${rate}\n  burst: ${burst}\n`;

function configDir(t: TestContext, yaml: string): { dir: string; edit(text: string): Promise<ConfigReloadEvent> } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-reload-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'rate_limits.yaml');
  writeFileSync(file, yaml);
  return {
    dir,
    edit(text) {
      const reloaded = new Promise<ConfigReloadEvent>((resolve) => {
        const listener = (message: unknown) => {
          if ((message as ConfigReloadEvent).path !== file) return;
          diagnostics_channel.unsubscribe(CONFIG_RELOAD_CHANNEL, listener);
          resolve(message as ConfigReloadEvent);
        };
        diagnostics_channel.subscribe(CONFIG_RELOAD_CHANNEL, listener);
      });
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
      return reloaded;
    },
  };
}

const limitOf = async (gw: TestGateway, agent: string) =>
  (await gw.call('POST', '/v1/invoicepay/payments', {}, { 'x-agent-id': agent })).headers.get('ratelimit-limit');

async function metric(gw: TestGateway, pattern: RegExp): Promise<string | undefined> {
  return (await gw.call('GET', '/metrics')).text.match(pattern)?.[1];
}

test('a good edit takes effect without a restart, even for buckets already in use', async (t) => {
  const config = configDir(t, limits(3, 1));
  const gw = await startTestGateway(t, { env: { RATE_LIMIT_ENABLED: 'true', CONFIG_DIR: config.dir } });
  for (let i = 0; i < 4; i++) assert.equal(await limitOf(gw, 'agent-a'), '4');
  assert.equal((await gw.call('POST', '/v1/invoicepay/payments', {}, { 'x-agent-id': 'agent-a' })).status, 429);

  const event = await config.edit(`${limits(3, 1)}agent_overrides:\n  "agent-*": {requests_per_minute: 8, burst: 2}\n`);
  assert.equal(event.result, 'success');
  assert.equal(await limitOf(gw, 'agent-a'), '10', 'the exhausted bucket now has room under the new limit');
  assert.equal(await limitOf(gw, 'other'), '4');
  assert.equal(await metric(gw, /^config_reload_total\{file="rate_limits\.yaml",result="success"\} (\d+)$/m), '1');
  assert.equal(await metric(gw, /^config_last_reload_success\{file="rate_limits\.yaml"\} (\d+)$/m), '1');
});

test('a broken edit is rejected with line and field; the last good limits stay in force; the metric says so', async (t) => {
  const config = configDir(t, limits(3, 1));
  const gw = await startTestGateway(t, { env: { RATE_LIMIT_ENABLED: 'true', CONFIG_DIR: config.dir } });
  const event = await config.edit('default:\n  requests_per_minute: 3\n  burst: 1\nagent_overrides:\n  "agent-*": {requests_per_minute: -8, burst: 2}\n');
  assert.equal(event.result, 'failure');
  assert.deepEqual(event.issues.map((i) => `${i.line}:${i.column} ${i.path}`), ['5:36 agent_overrides.agent-*.requests_per_minute']);
  assert.match(event.issues[0].message, /must be an integer from 0/);
  assert.equal(await limitOf(gw, 'agent-a'), '4', 'the last good limits are in force');
  assert.equal(await metric(gw, /^config_reload_total\{file="rate_limits\.yaml",result="failure"\} (\d+)$/m), '1');
  assert.equal(await metric(gw, /^config_last_reload_success\{file="rate_limits\.yaml"\} (\d+)$/m), '0');

  const fixed = await config.edit(limits(5, 0));
  assert.equal(fixed.result, 'success');
  assert.equal(await limitOf(gw, 'agent-a'), '5');
  assert.equal(await metric(gw, /^config_last_reload_success\{file="rate_limits\.yaml"\} (\d+)$/m), '1');
});
