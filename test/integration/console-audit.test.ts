// The console in a real Chromium against an edge gateway (the key goes in X-Service-Token): an
// auditor sees the chain valid, then invalid after the SQLite ledger file is tampered with
// directly; an execution opens as a timeline; the certification view lists the agents; operations
// lists the policy's rules. axe-core
// finds no serious or critical violation on these views.

import assert from 'node:assert/strict';
import { before } from 'node:test';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { issueKey } from '../helpers/credentials.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { testsNeeding } from '../helpers/required-tool.ts';
import { launchBrowser, pageProblems, probeChromium, seriousAxeViolations, type TestBrowser } from '../helpers/browser.ts';

const { describe, test, after } = testsNeeding(probeChromium());

async function assertAccessible(page: Page, view: string): Promise<void> {
  assert.deepEqual(await seriousAxeViolations(page), [], `${view}: axe-core found serious or critical violations`);
}

describe('console: audit and certification (edge gateway, X-Service-Token)', () => {
  let browser: TestBrowser;
  let gw: TestGateway;
  let auditorKey: string;

  before(async () => {
    gw = await startTestGateway(undefined, { env: { AUTH_ENABLED: 'true', GATEWAY_VARIANT: 'edge' } });
    auditorKey = (await issueKey(gw.config.keysPath, 'enterprise', 'audit')).key;
    for (const agent of ['payments-agent-1', 'payments-agent-2']) {
      const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: agent }), { 'x-service-token': auditorKey });
      assert.equal(res.status, 200, res.text);
    }
    const health = await gw.call('GET', '/health');
    const attempt = await gw.call('POST', '/v1/certify/agent', { agent_id: 'payments-agent-2', policy_version: health.body.policy_version }, { 'x-service-token': auditorKey });
    assert.equal(attempt.status, 200, attempt.text);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await gw?.close();
  });

  test('an auditor signs in on the edge variant and sees the chain valid, then invalid after a tamper', async () => {
    const page = await browser.newPage();
    await page.goto(`${gw.url}/console#/audit`);
    await page.getByText('sent as X-Service-Token').waitFor();
    await page.getByLabel('API key', { exact: true }).fill(auditorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
    await page.getByTestId('chain-status').getByText('chain valid').waitFor();
    await page.getByRole('row').filter({ hasText: 'certification' }).waitFor();
    await assertAccessible(page, 'audit');

    // An execution: its record, its payload as a tree, a timeline.
    await page.getByRole('row').filter({ hasText: 'payments-agent-1' }).getByRole('link').click();
    await page.getByRole('heading', { name: /Execution #1/ }).waitFor();
    await page.getByRole('group', { name: 'Payload' }).getByText('INV-20260042').first().waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await assertAccessible(page, 'execution detail');

    // Rewrite a stored payload behind the gateway's back, as a forger with file access would.
    const db = new DatabaseSync(gw.ledgerPath);
    try {
      db.exec(`UPDATE ledger SET payload = json_set(payload, '$.request.params.amount', 1) WHERE seq = 1`);
    } finally {
      db.close();
    }
    await page.getByRole('link', { name: '← Back to the ledger' }).click();
    await page.getByRole('button', { name: 'Verify again' }).click();
    const status = page.getByTestId('chain-status');
    await status.getByText('chain INVALID').waitFor();
    await status.getByText(/seq 1: payload_tampered/).waitFor();
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });

  test('an id in the address is one path segment of the API call, never a path of its own', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${gw.url}/console#/audit`);
    await page.getByLabel('API key', { exact: true }).fill(auditorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
    await page.goto(`${gw.url}/console#/audit/..%2F..%2Fteam%2Fkeys`);
    await page.waitForResponse((response) => response.url().includes('/v1/audit/executions/'));
    assert.ok(!asked.some((path) => path.startsWith('/v1/team')), asked.join(' '));
    assert.ok(asked.some((path) => path === '/v1/audit/executions/..%2F..%2Fteam%2Fkeys'), asked.join(' '));
    await page.close();
  });

  test('the certification view lists the ledger\'s agents with their status and a chart', async () => {
    const page = await browser.newPage();
    await page.goto(`${gw.url}/console#/certification`);
    await page.getByLabel('API key', { exact: true }).fill(auditorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const table = page.getByRole('table', { name: 'Agents and their certificates for the policy in force' });
    await table.getByRole('row').filter({ hasText: 'payments-agent-1' }).getByText('not certified').waitFor();
    await table.getByRole('row').filter({ hasText: 'payments-agent-2' }).waitFor();
    // The chart draws a bar for the one failed attempt (recharts, SVG).
    await page.getByRole('img', { name: /certification attempts for 2 agents/ }).locator('.recharts-bar-rectangle path').first().waitFor();
    await assertAccessible(page, 'certification');

    await page.getByRole('link', { name: 'payments-agent-1' }).click();
    await page.getByRole('button', { name: /Certify against/ }).click();
    const result = page.getByTestId('certification-result');
    await result.getByText('failed').first().waitFor();
    await result.getByRole('table', { name: 'Criteria' }).getByText('min_calls').waitFor();
    await page.getByRole('table', { name: 'Attempts, newest first' }).waitFor();
    await assertAccessible(page, 'certification result');
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });

  test('operations lists the rules of the bundle in force', async () => {
    const page = await browser.newPage();
    await page.goto(`${gw.url}/console#/operations`);
    await page.getByLabel('API key', { exact: true }).fill(auditorKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const rules = page.getByRole('table', { name: /^Rules of pol-/ });
    const row = rules.getByRole('row').filter({ hasText: 'no-external-email-after-inbox-read' });
    await row.getByText('rules/data-exfiltration.yaml:').waitFor();
    await row.getByText('session.exists').waitFor();
    await rules.getByRole('row').filter({ hasText: 'external-email-review' }).getByText('shadow').waitFor();
    await assertAccessible(page, 'operations with rules');
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });
});
