// Starts a real gateway on port 0 with a fresh SQLite ledger in a temp dir, and closes it after
// the test. Requests go over real sockets with fetch.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { loadConfig } from '../../src/config/index.ts';
import { startGateway, type RunningGateway } from '../../src/gateway/index.ts';
import { createLogger, type Logger } from '../../src/observability/index.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestGateway extends RunningGateway {
  readonly dir: string;
  readonly ledgerPath: string;
  /** CONFIG_DIR: the repository's config/, or a temp dir when `gatewayYaml` was given. */
  readonly configDir: string;
  call(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface TestGatewayOptions {
  env?: Record<string, string>;
  /** Reuse a ledger file (restart tests). */
  ledgerPath?: string;
  now?: () => number;
  /** Written as gateway.yaml (sidecar routes) into a temp CONFIG_DIR. */
  gatewayYaml?: string;
  /** The sidecar's agent (AGENT_ID); default none. */
  agentId?: string | null;
  /** Default: silent. */
  logger?: Logger;
}

/** Starts a gateway and registers its shutdown (and temp dir removal) with `t.after`. */
export async function startTestGateway(t: TestContext | undefined, options: TestGatewayOptions = {}): Promise<TestGateway> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-test-'));
  const ledgerPath = options.ledgerPath ?? path.join(dir, 'ledger.db');
  let configDir = path.join(REPO_ROOT, 'config');
  if (options.gatewayYaml !== undefined) {
    configDir = path.join(dir, 'config');
    mkdirSync(configDir);
    writeFileSync(path.join(configDir, 'gateway.yaml'), options.gatewayYaml);
  }
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  try {
    const config = loadConfig({
      SERVICE_ENV: 'test',
      POLICIES_DIR: path.join(REPO_ROOT, 'policies'),
      CONFIG_DIR: configDir,
      LEDGER_PATH: ledgerPath,
      ...options.env,
    }, { port: 0, host: '127.0.0.1' }, REPO_ROOT);
    gateway = await startGateway(config, { logger: options.logger ?? createLogger('silent'), now: options.now, agentId: options.agentId ?? null });
  } catch (error) {
    // Refused at start-up (a test of a bad setting): nothing to close but the temp dir.
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const testGateway: TestGateway = Object.assign(Object.create(null), gateway, {
    dir,
    ledgerPath,
    configDir,
    close: gateway.close,
    call: (method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(gateway.url, method, urlPath, body, headers),
  });
  t?.after(async () => {
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return testGateway;
}

export async function call(base: string, method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(base + urlPath, init);
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Polls the audit API until a row of `kind` links to `parent` (rows a worker appends later). */
export async function waitForChildRow(gateway: TestGateway, parent: string, kind: string): Promise<any> {
  for (let i = 0; i < 500; i += 1) {
    const list = await gateway.call('GET', `/v1/audit/executions?kind=${kind}&limit=100`);
    const row = list.body.items?.find((item: any) => item.parent_envelope_id === parent);
    if (row) return (await gateway.call('GET', `/v1/audit/executions/${row.envelope_id}`)).body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind} row for ${parent}`);
}
