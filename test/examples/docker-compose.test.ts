// docker-compose.yml without Docker: reads it, checks its shape (the services, their images and
// health checks, what depends on what), then runs each service's own command and environment as
// local processes, with only the network names replaced (service host names and fixed ports ->
// 127.0.0.1 and port 0, container paths -> temp dirs, the compose PostgreSQL -> the test server
// in a schema of its own). The demo agent's run must end with a valid chain.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers/gateway.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { loadConfig } from '../../src/config/index.ts';

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
}

const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
const services = compose.services;

test('docker-compose.yml: gateway, PostgreSQL, mock tools, MCP server and the demo agent, started in order', () => {
  assert.deepEqual(Object.keys(services).sort(), ['demo-agent', 'gateway', 'mcp-server', 'mock-tools', 'postgres']);
  assert.match(services.postgres.image ?? '', /^postgres:\d+/);
  for (const name of ['gateway', 'mock-tools', 'mcp-server', 'demo-agent']) {
    const service = services[name];
    assert.ok(service.build && existsSync(path.join(REPO_ROOT, service.build.context, service.build.dockerfile)), `${name} builds from an existing Dockerfile`);
    for (const word of service.command ?? []) {
      for (const file of word.match(/(?:examples|bin)\/[\w./-]+\.(?:ts|js)/g) ?? []) assert.ok(existsSync(path.join(REPO_ROOT, file)), `${name} runs ${file}, which exists`);
    }
  }
  assert.deepEqual(services.gateway.depends_on?.postgres, { condition: 'service_healthy' });
  assert.deepEqual(services['demo-agent'].depends_on?.gateway, { condition: 'service_healthy' });
  assert.ok(services.gateway.healthcheck && services.postgres.healthcheck);
  const user = services.postgres.environment!;
  assert.equal(services.gateway.environment!.DATABASE_URL, `postgres://${user.POSTGRES_USER}:${user.POSTGRES_PASSWORD}@postgres:5432/${user.POSTGRES_DB}`);
  assert.equal(services['demo-agent'].environment!.SIDECAR_URL, 'http://gateway:8000');
  // The gateway's settings are ones it accepts (loadConfig throws on any it cannot read).
  loadConfig({ ...services.gateway.environment, POLICIES_DIR: path.join(REPO_ROOT, 'policies'), CONFIG_DIR: path.join(REPO_ROOT, 'examples/demo/config') }, {}, REPO_ROOT);
});

/** Runs a compose command locally; resolves with the process once `ready` matches its output. */
function runService(t: TestContext, name: string, command: string[], env: Record<string, string>, ready: RegExp | null): Promise<{ child: ChildProcess; output: () => string; match: RegExpExecArray | null; exit: Promise<number | null> }> {
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  // `node` in a command is this Node (24), as in the node:24 image.
  const child = spawn(command[0] === 'node' ? process.execPath : command[0], command.slice(1), {
    cwd: REPO_ROOT, env: { ...inherited, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exit;
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not get ready within 60 s:\n${output}`)), 60_000);
    const check = () => {
      const match = ready ? ready.exec(output) : null;
      if (ready && !match) return;
      clearTimeout(timer);
      resolve({ child, output: () => output, match, exit });
    };
    child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); check(); });
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.once('exit', (code) => { if (ready) { clearTimeout(timer); reject(new Error(`${name} exited (${code}):\n${output}`)); } });
    if (!ready) check();
  });
}

test('the compose services\' commands, run without Docker: the demo agent ends with a valid chain', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-compose-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const local = { PORT: '0', HOST: '127.0.0.1' };
  const tools = await runService(t, 'mock-tools', services['mock-tools'].command!, { ...services['mock-tools'].environment, ...local }, /"url":"(http:\/\/[^"]+)"/);
  const mcp = await runService(t, 'mcp-server', services['mcp-server'].command!, { ...services['mcp-server'].environment, ...local }, /"url":"(http:\/\/[^"]+)"/);

  // The gateway: its routes name the compose hosts; point them at the local ports.
  const gw = services.gateway;
  const configDir = path.join(dir, 'config');
  mkdirSync(configDir);
  const routes = readFileSync(path.join(REPO_ROOT, gw.environment!.CONFIG_DIR.replace(/^\/app\//, ''), 'gateway.yaml'), 'utf8')
    .replaceAll('http://mock-tools:9100', tools.match![1])
    .replaceAll('http://mcp-server:9200/mcp', mcp.match![1]);
  assert.notEqual(routes, readFileSync(path.join(REPO_ROOT, 'examples/demo/config/gateway.yaml'), 'utf8'), 'the routes name the compose hosts');
  writeFileSync(path.join(configDir, 'gateway.yaml'), routes);
  const policies = path.join(dir, 'policies');
  const command = gw.command!.map((word) => word
    .replaceAll(gw.environment!.POLICIES_DIR, policies)
    .replace('--port 8000', '--port 0')
    .replace('--host 0.0.0.0', '--host 127.0.0.1'));
  const { DATABASE_URL: _composeDatabase, ...gatewayEnv } = gw.environment!;
  const pg = await probePostgres();
  let database: Record<string, string> = { LEDGER_PATH: path.join(dir, 'ledger.db') };
  if (!pg.skip) database = (await createTestSchema(t)).env;
  else process.stderr.write('# docker-compose test: no PostgreSQL here, the gateway runs on SQLite\n');
  const gateway = await runService(t, 'gateway', command, { ...gatewayEnv, ...database, LOG_LEVEL: 'info', POLICIES_DIR: policies, CONFIG_DIR: configDir }, /"url":"(http:\/\/[^"]+)"/);
  const sidecarUrl = gateway.match![1];
  const health = await fetch(`${sidecarUrl}/health`);
  assert.equal(health.status, 200, 'the compose health check passes');

  const agent = await runService(t, 'demo-agent', services['demo-agent'].command!, { ...services['demo-agent'].environment, SIDECAR_URL: sidecarUrl }, null);
  const code = await agent.exit;
  const printed = agent.output();
  assert.equal(code, 0, printed);
  assert.match(printed, /APPROVED BY A HUMAN/);
  assert.match(printed, /WITHHELD/);
  assert.match(printed, /Audit chain: VALID, \d+ rows checked/);
});
