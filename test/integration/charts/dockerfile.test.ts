// The container image, checked without a Docker engine: the Dockerfile's base, user, entry point
// and health check, that what it copies is what the gateway needs, that its HEALTHCHECK command
// works against a real gateway, and that the chart's default image is the one it builds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { REPO_ROOT } from '../../helpers/helm.ts';
import { startTestGateway } from '../../helpers/gateway.ts';
import { DEFAULT_PORTS, loadConfig } from '../../../src/config/index.ts';

const run = promisify(execFile);
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface Instruction { keyword: string; args: string }

/** Dockerfile instructions, with `\` continuations joined and comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text.split('\n').filter((line) => !/^\s*#/.test(line)).join('\n').replace(/\\\n/g, ' ');
  return joined.split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}

const dockerfile = instructions(read('Dockerfile'));
const all = (keyword: string) => dockerfile.filter((i) => i.keyword === keyword);
const last = (keyword: string) => all(keyword).at(-1);
/** The exec-form array of an instruction (`["a", "b"]`), after any --flags. */
const execForm = (args: string): string[] => JSON.parse(args.slice(args.indexOf('[')));

test('every stage is Node 24 (the LTS the gateway runs on), slim', () => {
  const froms = all('FROM');
  assert.ok(froms.length >= 2, 'multi-stage');
  for (const { args } of froms) assert.match(args, /^node:24(\.\d+)*-(\w+-)?slim\b/, args);
  const pinned = (JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }).devDependencies.node;
  assert.match(pinned, /^\^?24\./, 'package.json pins Node 24 for development too');
});

test('production dependencies only in the runtime stage, everything from the lockfile', () => {
  const installs = all('RUN').filter((i) => /\bnpm\b/.test(i.args));
  assert.ok(installs.some((i) => /\bnpm ci\b/.test(i.args) && /--omit=dev\b/.test(i.args)), 'npm ci --omit=dev');
  const runtimeCopies = all('COPY').filter((i) => /^--from=/.test(i.args)).map((i) => i.args);
  assert.ok(runtimeCopies.includes('--from=deps /app/node_modules ./node_modules'), 'node_modules come from the production-only stage');
  assert.ok(!installs.some((i) => /\bnpm (install|i)\b/.test(i.args)), 'no npm install');
});

test('runs as a numeric non-root user, declares the data volume and the edge port', () => {
  const user = last('USER')!.args;
  assert.match(user, /^\d+(:\d+)?$/, 'numeric, so runAsNonRoot can be checked');
  assert.notEqual(Number(user.split(':')[0]), 0);
  const values = parseYaml(read('charts/governance-gateway/values.yaml')) as { securityContext: { runAsUser: number } };
  assert.equal(Number(user.split(':')[0]), values.securityContext.runAsUser, 'the chart runs as the image user');
  assert.deepEqual(execForm(last('VOLUME')!.args), ['/app/data']);
  assert.equal(Number(last('EXPOSE')!.args), DEFAULT_PORTS.edge);
});

test('the entry point is the bundle the build stage makes, and every file the image copies exists in the repo', () => {
  const workdir = last('WORKDIR')!.args;
  const [runtime, entry] = execForm(last('ENTRYPOINT')!.args);
  assert.equal(runtime, 'node');
  assert.equal(entry, `${workdir}/dist/govgate.mjs`, 'the bundle scripts/build.ts writes');
  assert.match(read('scripts/build.ts'), /govgate: 'src\/main\.ts'/, 'the bundle\'s entry is the CLI');
  assert.ok(all('RUN').some((i) => /\bnpm run build\b/.test(i.args)), 'the build stage bundles');
  assert.ok(all('COPY').some((i) => /^--from=build \/app\/dist \.\/dist$/.test(i.args)), 'the runtime stage takes the bundle');
  assert.ok(all('RUN').some((i) => /\bnpm run console:build\b/.test(i.args)), 'the build stage builds the console');
  assert.ok(all('COPY').some((i) => /^--from=build \/app\/console\/dist \.\/console\/dist$/.test(i.args)), 'the runtime stage takes the built console');
  assert.ok(all('ENV').some((i) => /NODE_COMPILE_CACHE=\/app\/\.compile-cache/.test(i.args)), 'the runtime uses the compile cache built with the image');
  assert.deepEqual(execForm(last('CMD')!.args), ['serve', '--variant', 'edge']);
  const copied = all('COPY').filter((i) => !i.args.startsWith('--from')).flatMap((i) => i.args.split(/\s+/).slice(0, -1));
  for (const source of copied) assert.ok(existsSync(path.join(REPO_ROOT, source)), `COPY ${source}`);
  for (const needed of ['package.json', 'scripts', 'src', 'bin', 'config', 'policies']) assert.ok(copied.includes(needed), `the image needs ${needed}`);
  const ignored = read('.dockerignore').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  for (const needed of copied) assert.ok(!ignored.includes(needed), `.dockerignore excludes ${needed}`);
  for (const kept of ['node_modules', '.git', 'data', 'dist']) assert.ok(ignored.includes(kept), `.dockerignore keeps ${kept} out of the build context`);
});

test('the HEALTHCHECK command passes against a ready gateway and fails when /health is 503', async (t) => {
  const healthcheck = last('HEALTHCHECK')!.args;
  const [runtime, flag, script] = execForm(healthcheck);
  assert.deepEqual([runtime, flag], ['node', '-e']);
  assert.match(script, /\/health/);
  const gw = await startTestGateway(t);
  const check = () => run(process.execPath, ['-e', script], { env: { ...process.env, PORT: String(gw.port) } });
  await check();
  await gw.ledger.close();
  await assert.rejects(check(), (error: { code?: number }) => error.code === 1);
});

test('the chart\'s default image is what the Dockerfile builds and docs/kubernetes.md tells to build', () => {
  const values = parseYaml(read('charts/governance-gateway/values.yaml')) as { image: { repository: string; tag: string } };
  const title = /org\.opencontainers\.image\.title="([^"]+)"/.exec(all('LABEL').map((i) => i.args).join(' '))?.[1];
  assert.equal(values.image.repository, title);
  assert.equal(values.image.tag, '', 'the tag defaults to the chart appVersion (the gateway version)');
  const guide = read('docs/kubernetes.md');
  assert.ok(guide.includes(`docker build -t ${values.image.repository}:$(node -p "require('./package.json').version") .`),
    'docs/kubernetes.md builds the image under the chart\'s default name');
});

/** The runtime stage's ENV (`ENV A=1 B=2`, after the last FROM), as the container sees it. */
function imageEnvironment(): Record<string, string> {
  const runtimeStage = dockerfile.slice(dockerfile.findLastIndex((i) => i.keyword === 'FROM'));
  const env: Record<string, string> = {};
  for (const { args } of runtimeStage.filter((i) => i.keyword === 'ENV')) {
    for (const [, name, value] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) env[name!] = value!.replace(/^"|"$/g, '');
  }
  return env;
}

test('the image runs as production: SERVICE_ENV=production, so auth is on and /docs off, on 0.0.0.0:8000', () => {
  const env = imageEnvironment();
  assert.equal(env.SERVICE_ENV, 'production');
  const [, ...args] = execForm(last('CMD')!.args);
  const variant = args[args.indexOf('--variant') + 1];
  const config = loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) }, { variant }, REPO_ROOT);
  assert.equal(config.authEnabled, true);
  assert.equal(config.docsEnabled, false);
  assert.equal(config.rateLimitEnabled, true);
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.port, DEFAULT_PORTS.edge);
});

/** The image's entry command (CMD after ENTRYPOINT) with its environment, run from a folder laid out like /app. */
function runImageCommand(t: { after(fn: () => unknown): void }, extraEnv: Record<string, string>) {
  const app = mkdtempSync(path.join(os.tmpdir(), 'govgate-image-'));
  t.after(() => rmSync(app, { recursive: true, force: true }));
  for (const folder of ['config', 'policies']) symlinkSync(path.join(REPO_ROOT, folder), path.join(app, folder));
  mkdirSync(path.join(app, 'data'));
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  const { NODE_COMPILE_CACHE: _cache, ...image } = imageEnvironment();
  // The bundle dist/govgate.mjs is src/main.ts bundled (asserted above); run the sources.
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), ...execForm(last('CMD')!.args)], {
    cwd: app,
    env: { PATH: inherited.PATH ?? '', HOME: inherited.HOME ?? app, ...image, PORT: '0', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, exited, output: () => output };
}

test('the image\'s command with no credential source configured refuses to start, saying what to set (exit 2)', async (t) => {
  const { exited, output } = runImageCommand(t, {});
  assert.equal(await exited, 2, output());
  assert.match(output(), /^govgate: Invalid configuration:\n  - AUTH_ENABLED: auth is on \(SERVICE_ENV=production\) but nothing can authenticate a caller: set JWT_SECRET or JWT_JWKS_URL, or create an API key first/);
  assert.doesNotMatch(output(), /\n\s+at /, 'no stack trace');
});

test('the image\'s command with JWT_SECRET: serves, /health 200, /docs 404, an anonymous call 401', async (t) => {
  const { child, output } = runImageCommand(t, { JWT_SECRET: 'an-image-smoke-test-secret-0123456789' });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /"msg":"gateway listening".*?"url":"http:\/\/[^"]*:(\d+)"/.exec(output());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before listening:\n${output()}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  assert.equal((await fetch(`${url}/health`)).status, 200);
  assert.equal((await fetch(`${url}/docs`)).status, 404);
  const anonymous = await fetch(`${url}/v1/runtime/kill-switch`);
  assert.equal(anonymous.status, 401);
  assert.match(anonymous.headers.get('www-authenticate') ?? '', /X-Service-Token|Bearer/i);
});
