// The bundle the container image runs (npm run build -> dist/govgate.mjs + dist/ledger-writer.mjs)
// must behave as the sources do: same version, and a durable ledger through its own writer thread.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/gateway.ts';
import { startGatewayProcess } from '../helpers/gateway-process.ts';
import { validateBody } from '../helpers/bodies.ts';

test('the bundled gateway serves, records through its writer thread, and verifies', async (t) => {
  // Inside the repository, as dist/ is: the bundle finds swagger-ui-dist's assets in node_modules.
  const out = mkdtempSync(path.join(REPO_ROOT, '.tmp-bundle-'));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.ts'), out], { stdio: 'pipe' });
  const entry = path.join(out, 'govgate.mjs');

  const version = execFileSync(process.execPath, [entry, '--version'], { encoding: 'utf8' }).trim();
  assert.equal(version, JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version);

  const gateway = await startGatewayProcess(t, {}, entry);
  const decided = await gateway.call('POST', '/v1/runtime/validate', validateBody());
  assert.equal(decided.status, 200);
  assert.equal(decided.body.decision.outcome, 'approve');
  // A second decision goes through the same writer thread and extends the chain.
  assert.equal((await gateway.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-2' }))).status, 200);
  const verified = await gateway.call('GET', '/v1/audit/chain/verify');
  assert.equal(verified.status, 200);
  assert.equal(verified.body.valid, true);
  assert.equal(verified.body.rows_checked, 2);
  await gateway.stop();
  assert.equal(gateway.child.exitCode, 0);
});
