// The console in a real Chromium against a real embedded gateway with auth on: a reviewer signs
// in with an API key (sent as Authorization: Bearer), sees an escalated sidecar call appear, sees
// another reviewer's action arrive live, approves it with a grant, and the held call goes
// through; a credential without the review feature cannot; the kill switch set from the console
// blocks a pre-check. Every main view passes axe-core with no serious or critical violation, and
// the page reports no CSP violation.

import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { before, type TestContext } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { json, startToolServer, type ToolServer } from '../helpers/tool-server.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { issueKey } from '../helpers/credentials.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { testsNeeding } from '../helpers/required-tool.ts';
import { launchBrowser, pageProblems, probeChromium, seriousAxeViolations, type TestBrowser } from '../helpers/browser.ts';

const { describe, test, after } = testsNeeding(probeChromium());

async function signIn(page: Page, gw: TestGateway, key: string): Promise<void> {
  await page.goto(`${gw.url}/console`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console views' }).waitFor();
}

async function assertAccessible(page: Page, view: string): Promise<void> {
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], `${view}: axe-core found serious or critical violations`);
}

describe('console: review queue and operations (embedded gateway, API key sign-in)', () => {
  let browser: TestBrowser;
  let gw: TestGateway;
  let upstream: ToolServer;
  let reviewerKey: string;
  let otherReviewerKey: string;
  let developerKey: string;

  const cleanups: (() => unknown)[] = [];
  before(async () => {
    const t = { after: (fn: () => unknown) => cleanups.push(fn) } as unknown as TestContext;
    upstream = await startToolServer(undefined);
    upstream.on('/ops/restart', json(200, { restarted: 'billing' }));
    gw = await startTestGateway(undefined, {
      agentId: 'ops-agent-1',
      env: { AUTH_ENABLED: 'true', POLICIES_DIR: writeOpsBundle(t) },
      gatewayYaml: `
routes:
  - name: ops
    match: { path_prefix: /ops }
    upstream: ${upstream.origin}
    tool: { name: restart_service }
    on_escalation: hold
    hold_seconds: 120
`,
    });
    reviewerKey = (await issueKey(gw.config.keysPath, 'team', 'sre')).key;
    otherReviewerKey = (await issueKey(gw.config.keysPath, 'team', 'sre')).key;
    developerKey = (await issueKey(gw.config.keysPath, 'developer')).key;
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await gw?.close();
    await upstream?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  test('a reviewer signs in, the escalated call appears, another reviewer\'s note arrives live, the approval releases the held call', async () => {
    const page = await browser.newPage();
    await signIn(page, gw, reviewerKey);
    await page.getByRole('heading', { name: 'Review queue' }).waitFor();

    const held = gw.call('POST', '/ops/restart', { service: 'billing' });
    const row = page.getByRole('row').filter({ hasText: 'restart_service' });
    await row.waitFor();
    await assert.doesNotReject(row.getByText('pending').waitFor());
    await assertAccessible(page, 'review queue');

    // Keyboard: the first row has the cursor; Enter opens it.
    await page.locator('#queue-row-0').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Review: restart_service by ops-agent-1/ }).waitFor();
    await page.getByRole('group', { name: 'Arguments' }).getByText('billing').waitFor();
    await page.getByRole('table', { name: 'Risk factors' }).waitFor();
    const id = page.url().split('/').pop()!;

    // `c` claims the item.
    await page.locator('body').press('c');
    await page.getByText('You claimed this item.').waitFor();

    // Another reviewer comments through the API: the long-poll brings it in without a reload.
    const comment = await gw.call('POST', `/v1/review/queue/${id}/comment`, { note: 'billing close is done' }, { authorization: `Bearer ${otherReviewerKey}` });
    assert.equal(comment.status, 200, comment.text);
    await page.getByRole('status').filter({ hasText: 'Updated: the item is now claimed' }).waitFor();
    await page.getByText('“billing close is done”').waitFor();
    await assertAccessible(page, 'review decision');

    assert.equal(upstream.received.length, 0, 'nothing is forwarded before the approval');
    await page.getByLabel('Note (recorded with the verdict)').fill('maintenance window open');
    await page.getByLabel('Scope').selectOption('count');
    await page.getByLabel('Number of calls').fill('2');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved.').waitFor();

    const res = await held;
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { restarted: 'billing' });
    assert.equal(upstream.received.length, 1);
    const grants = await gw.call('GET', '/v1/approvals', undefined, { authorization: `Bearer ${reviewerKey}` });
    assert.deepEqual(grants.body.items.map((g: { scope: string; max_uses: number; from_review: string }) => [g.scope, g.max_uses, g.from_review]), [['count', 2, id]]);
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });

  test('a credential without the review feature sees no queue and no decision buttons', async () => {
    const page = await browser.newPage();
    await signIn(page, gw, developerKey);
    await page.getByRole('alert').filter({ hasText: 'does not include review_queue' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Approve' }).count(), 0);
    await assertAccessible(page, 'review queue without the feature');
    // The gateway refuses it as well, whatever the page shows.
    const direct = await gw.call('GET', '/v1/review/queue', undefined, { authorization: `Bearer ${developerKey}` });
    assert.deepEqual([direct.status, direct.body.code], [403, 'FORBIDDEN']);
    await page.close();
  });

  test('a wrong key is refused on the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto(`${gw.url}/console`);
    await assertAccessible(page, 'sign-in');
    await page.getByLabel('API key', { exact: true }).fill('gk_not-a-real-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: '401' }).waitFor();
    await page.close();
  });

  test('with auth off (the npm start default) the console is used without a key', async () => {
    const open = await startTestGateway(undefined);
    try {
      const page = await browser.newPage();
      await page.goto(`${open.url}/console`);
      await page.getByText('Authentication is off on this gateway').waitFor();
      await page.getByRole('button', { name: 'Continue without a key' }).click();
      await page.getByRole('heading', { name: 'Review queue' }).waitFor();
      await page.getByText('anonymous (auth off)').waitFor();
      await page.getByText('0 of 0 items, soonest deadline first').waitFor();
      assert.deepEqual(pageProblems(page), []);
      await page.close();
    } finally {
      await open.close();
      rmSync(open.dir, { recursive: true, force: true });
    }
  });

  test('the kill switch, set from the console with a reason, blocks a pre-check; the dry run answers', async () => {
    const page = await browser.newPage();
    await signIn(page, gw, reviewerKey);
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.getByTestId('kill-switch-state').getByText('off').waitFor();
    await page.getByTestId('policy-state').getByText('same bundle').waitFor();
    await assertAccessible(page, 'operations');

    await page.getByRole('button', { name: 'Activate the kill switch…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate the kill switch?' });
    await dialog.getByText('blocks every pre-check and validate of every agent').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Block every agent now' }).isDisabled(), true, 'no reason, no switch');
    await dialog.getByLabel('Reason (recorded in the audit ledger)').fill('incident 42: runaway refunds');
    await dialog.getByRole('button', { name: 'Block every agent now' }).click();
    await page.getByTestId('kill-switch-state').getByText('ACTIVE: every call is blocked').waitFor();
    await page.getByText('incident 42: runaway refunds').waitFor();

    const blocked = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody(), { authorization: `Bearer ${reviewerKey}` });
    assert.equal(blocked.status, 200, blocked.text);
    assert.equal(blocked.body.decision.outcome, 'block');
    assert.match(blocked.body.decision.reason, /kill switch/i);

    await page.getByRole('button', { name: 'Turn the kill switch off…' }).click();
    const off = page.getByRole('dialog', { name: 'Turn the kill switch off?' });
    await off.getByLabel('Reason (recorded in the audit ledger)').fill('incident 42 resolved');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await page.getByTestId('kill-switch-state').getByText('off').waitFor();

    await page.getByLabel('Request body (JSON)').fill(JSON.stringify(preCheckBody({ agent_id: 'ops-agent-2', action: 'restart_service', params: { service: 'billing' } })));
    await page.getByRole('button', { name: 'Evaluate' }).click();
    await page.getByTestId('dry-run-result').getByText('escalate').first().waitFor();
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });
});
