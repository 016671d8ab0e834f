// The Python client (clients/python) runs its own unittest suite with the machine's python3
// against real gateways this file starts: the sample policies, an escalating bundle, an old
// client's 426, and auth on both variants. Skipped with one line when no python3 (3.9+) is found;
// REQUIRE_PYTHON=1 (CI) makes that a failure.

import { execFile, execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import path from 'node:path';
import { REPO_ROOT, startTestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { TEST_AUDIENCE, TEST_ISSUER, TEST_JWT_SECRET, hs256 } from '../helpers/credentials.ts';
import { TOOL_FOUND, missingTool, testsNeeding, type ToolProbe } from '../helpers/required-tool.ts';

const PYTHON = process.env.PYTHON ?? 'python3';
const PACKAGE = path.join(REPO_ROOT, 'clients/python');

function probePython(): ToolProbe {
  try {
    const version = execFileSync(PYTHON, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8', timeout: 10_000 }).trim();
    const [major, minor] = version.split('.').map(Number);
    if (major > 3 || (major === 3 && minor >= 9)) return TOOL_FOUND;
    return missingTool({ tests: 'Python client', requireVariable: 'REQUIRE_PYTHON', reason: `${PYTHON} is ${version}; the client needs 3.9 or later` });
  } catch (error) {
    return missingTool({ tests: 'Python client', requireVariable: 'REQUIRE_PYTHON', reason: `no ${PYTHON} found (${(error as Error).message.split('\n')[0]}); install Python 3.9+` });
  }
}

const { test } = testsNeeding(probePython());

const AUTH_ENV = { AUTH_ENABLED: 'true', JWT_SECRET: TEST_JWT_SECRET, JWT_ISSUER: TEST_ISSUER, JWT_AUDIENCE: TEST_AUDIENCE };

test('python3 -m unittest: the Python client and its adapters against real gateways', async (t) => {
  const [plain, ops, old, embedded, edge] = await Promise.all([
    startTestGateway(t),
    startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t) } }),
    startTestGateway(t, { env: { MIN_SDK_VERSION: '99.0.0' } }),
    startTestGateway(t, { env: AUTH_ENV }),
    startTestGateway(t, { env: { ...AUTH_ENV, GATEWAY_VARIANT: 'edge' } }),
  ]);
  const env = {
    ...process.env,
    PYTHONDONTWRITEBYTECODE: '1',
    GOVGATE_URL: plain.url, GOVGATE_OPS_URL: ops.url, GOVGATE_OLD_URL: old.url,
    GOVGATE_AUTH_EMBEDDED_URL: embedded.url, GOVGATE_AUTH_EDGE_URL: edge.url,
    GOVGATE_TOKEN: await hs256({ sub: 'payments-bot', tier: 'team' }),
  };
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.', '-v'], { cwd: PACKAGE, env, timeout: 300_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: stdout + stderr });
    });
  });
  t.diagnostic(output.trim().split('\n').slice(-3).join(' | '));
  assert.equal(code, 0, output);
  const ran = /Ran (\d+) tests?/.exec(output);
  assert.ok(ran && Number(ran[1]) >= 15, `the suite ran: ${output}`);
  assert.doesNotMatch(output, /skipped/, 'no Python test skipped: every gateway was given');
});
