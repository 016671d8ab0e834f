// Generates src/generated/openapi.ts from the gateway's own /openapi.json (an embedded gateway
// started in-process on port 0, SQLite in a temp dir), so the client's types come from the very
// schemas the gateway validates with. `npm run generate -w @governance-gateway/client` rewrites
// the file; test/clients/client-types.test.ts regenerates it and fails when it differs.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../../../src/config/index.ts';
import { startGateway } from '../../../src/gateway/index.ts';
import { createLogger } from '../../../src/observability/index.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const GENERATED_FILE = path.resolve(import.meta.dirname, '../src/generated/openapi.ts');

const HEADER = `// GENERATED from the gateway's /openapi.json by clients/typescript/scripts/openapi-types.ts
// (openapi-typescript). Do not edit: run \`npm run generate -w @governance-gateway/client\`.
// A test regenerates this file and fails when it differs, so the types never drift.

`;

/** The OpenAPI document exactly as a running gateway serves it. */
export async function fetchOpenApiDocument(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-openapi-'));
  const config = loadConfig({
    SERVICE_ENV: 'test',
    POLICIES_DIR: path.join(REPO_ROOT, 'policies'),
    CONFIG_DIR: path.join(REPO_ROOT, 'config'),
    LEDGER_PATH: path.join(dir, 'ledger.db'),
  }, { port: 0, host: '127.0.0.1' }, REPO_ROOT);
  const gateway = await startGateway(config, { logger: createLogger('silent'), agentId: null });
  try {
    const response = await fetch(`${gateway.url}/openapi.json`);
    if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
    return await response.json() as Record<string, unknown>;
  } finally {
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The TypeScript source of the generated types. The version is left out: it changes every release, the types do not. */
export async function generateTypes(): Promise<string> {
  const document = await fetchOpenApiDocument();
  const info = document.info as Record<string, unknown>;
  const stable = { ...document, info: { ...info, version: '0' } };
  const ast = await openapiTS(stable as never, { alphabetize: true, emptyObjectsUnknown: true, defaultNonNullable: false });
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  writeFileSync(GENERATED_FILE, await generateTypes());
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_FILE)}`);
}
