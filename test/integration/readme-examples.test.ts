// The README's "Try it" examples are run as printed (with the port rewritten), so the README
// cannot drift from what the gateway does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';

const run = promisify(execFile);

function tryItExamples(): string[] {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.split('## Try it')[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
}

test('README: the "Try it" section has examples of validate, pre-check, post-check, kill switch and audit', () => {
  const all = tryItExamples().join('\n');
  for (const route of ['/v1/runtime/validate', '/v1/runtime/pre-check', '/v1/runtime/post-check', '/v1/runtime/kill-switch', '/v1/audit/executions', '/v1/audit/chain/verify']) {
    assert.ok(all.includes(route), `README examples should show ${route}`);
  }
});

test('README: every "Try it" example works as printed against a running gateway', async (t) => {
  const gw = await startTestGateway(t);
  for (const example of tryItExamples()) {
    const script = example.replaceAll('http://localhost:8765', gw.url);
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 30_000 });
    assert.ok(stdout.length > 0, `example printed nothing:\n${example}`);
    assert.doesNotMatch(stdout, /"status":\s*(4|5)\d\d/, `example answered with an error:\n${example}\n${stdout}`);
  }
  const decisions = await gw.call('GET', '/v1/audit/executions');
  assert.ok(decisions.body.total >= 5);
});
