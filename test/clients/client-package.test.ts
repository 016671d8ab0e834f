// The TypeScript client as a package: its types are the gateway's OpenAPI document (regenerated
// here and compared with the committed file, so they cannot drift), and it builds with tsc to
// JavaScript with declarations that a consumer can import.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';
import { GENERATED_FILE, generateTypes } from '../../clients/typescript/scripts/openapi-types.ts';

const run = promisify(execFile);
const PACKAGE = path.join(REPO_ROOT, 'clients/typescript');

test('the committed types are what the gateway\'s /openapi.json generates (run `npm run generate -w @governance-gateway/client` after a schema change)', async () => {
  const fresh = await generateTypes();
  assert.ok(fresh === readFileSync(GENERATED_FILE, 'utf8'), 'clients/typescript/src/generated/openapi.ts is stale: run `npm run generate -w @governance-gateway/client`');
  assert.match(fresh, /PreCheckResponse: \{/);
});

test('tsc builds the package to JavaScript with declarations; the built client talks to a gateway', async (t) => {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-client-dist-'));
  t.after(() => rmSync(outDir, { recursive: true, force: true }));
  const tsc = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', path.join(PACKAGE, 'tsconfig.build.json'), '--outDir', outDir], { cwd: PACKAGE });
  for (const file of ['index.js', 'index.d.ts', 'client.d.ts', 'adapters/mcp.js', 'adapters/langchain.d.ts', 'adapters/ai-sdk.js', 'adapters/openai-agents.js']) {
    assert.ok(existsSync(path.join(outDir, file)), `${file} was not built`);
  }
  assert.doesNotMatch(readFileSync(path.join(outDir, 'client.js'), 'utf8'), /from '\.\/[^']+\.ts'/, 'relative imports are rewritten to .js');
  const pkg = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> };
  for (const [entry, target] of Object.entries(pkg.exports)) {
    assert.ok(existsSync(path.join(outDir, target.default.replace(/^\.\/dist\//, ''))), `export ${entry} points at a built file`);
  }
  const gw = await startTestGateway(t);
  const built = await import(path.join(outDir, 'index.js')) as typeof import('../../clients/typescript/src/index.ts');
  const client = new built.GovernanceClient({ baseUrl: gw.url, agentId: 'payments-agent-1' });
  const result = await client.preCheck({ action: 'invoicepay.get_invoice', params: { invoice_id: 'INV-20260042' } });
  assert.equal(result.decision.outcome, 'approve');
});
