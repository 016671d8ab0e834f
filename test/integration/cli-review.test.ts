// `govgate review` as a real child process against a real gateway with auth on: list, show,
// claim, approve, reject, with the token's principal recorded; errors exit 1 (API) or 2 (usage).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_JWT_SECRET, hs256 } from '../helpers/credentials.ts';

const MAIN = path.join(REPO_ROOT, 'src/main.ts');

interface Run { code: number | null; stdout: string; stderr: string }

function govgate(args: string[], env: Record<string, string>): Promise<Run> {
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [MAIN, ...args], { cwd: REPO_ROOT, env: { ...inherited, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

test('govgate review list | show | claim | approve | reject against a running gateway', async (t) => {
  const gw = await startTestGateway(t, {
    env: { POLICIES_DIR: writeOpsBundle(t), AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE },
  });
  const agent = { authorization: `Bearer ${await hs256({ sub: 'ops-bot', tier: 'team' })}` };
  const escalate = async (service: string) => (await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({
    agent_id: 'ops-agent-1', action: 'restart_service', params: { service }, input: 'Restart it',
  }), agent)).body.envelope_id as string;
  const [first, second] = [await escalate('billing'), await escalate('search')];
  const env = { GOVGATE_URL: gw.url, GOVGATE_TOKEN: await hs256({ sub: 'alice', tier: 'team' }) };

  const list = await govgate(['review', 'list'], env);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^ENVELOPE\s+STATUS\s+TIER\s+AGENT\s+TOOL/);
  assert.ok(list.stdout.includes(first) && list.stdout.includes(second));

  const claim = await govgate(['review', 'claim', first, '--note', 'looking'], env);
  assert.deepEqual([claim.code, claim.stdout], [0, `${first} claimed by jwt:alice\n`]);
  const show = await govgate(['review', 'show', first], env);
  assert.equal(show.code, 0, show.stderr);
  assert.match(show.stdout, /claimed/);
  assert.match(show.stdout, /tool restart_service/);
  assert.match(show.stdout, /arguments \{"service":"billing"\}/);
  assert.match(show.stdout, /requested by jwt:ops-bot/);

  const approve = await govgate(['review', 'approve', first, '--note', 'maintenance window', '--json'], env);
  assert.equal(approve.code, 0, approve.stderr);
  assert.deepEqual([JSON.parse(approve.stdout).status, JSON.parse(approve.stdout).reviewer_id], ['approved', 'jwt:alice']);
  const reject = await govgate(['review', 'reject', second, '--note', 'not today'], env);
  assert.deepEqual([reject.code, reject.stdout], [0, `${second} rejected\n`]);

  const json = JSON.parse((await govgate(['review', 'list', '--status', 'resolved', '--json'], env)).stdout);
  assert.deepEqual(json.items.map((i: any) => i.status).sort(), ['approved', 'rejected']);

  const again = await govgate(['review', 'approve', first, '--note', 'twice'], env);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /409 ALREADY_RESOLVED/);
  const noNote = await govgate(['review', 'approve', first], env);
  assert.equal(noNote.code, 2);
  assert.match(noNote.stderr, /needs --note/);
  const unauthenticated = await govgate(['review', 'list'], { GOVGATE_URL: gw.url, GOVGATE_TOKEN: '' });
  assert.equal(unauthenticated.code, 1);
  assert.match(unauthenticated.stderr, /401 UNAUTHENTICATED/);
});
