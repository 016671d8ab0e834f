// The console's fleet view in a real Chromium against a real gateway (SQLite, auth on) with alert
// rules from a temp config/alerts.yaml: real governed calls give analytics its figures, which the
// page shows as the API reports them; a threshold alert fires, an operator acknowledges it with a
// note and the page, the alert history and the ledger row name who; a viewer gets no acknowledge
// button and the gateway refuses the call anyway; a team without agents sees the empty states and
// a role that may not read the figures sees the refusal; axe-core finds no serious violation.

import assert from 'node:assert/strict';
import { before } from 'node:test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { issueKey } from '../helpers/credentials.ts';
import { preCheckBody } from '../helpers/bodies.ts';
import { testsNeeding } from '../helpers/required-tool.ts';
import { launchBrowser, pageProblems, probeChromium, seriousAxeViolations, type TestBrowser } from '../helpers/browser.ts';
import { until } from '../helpers/until.ts';

const { describe, test, after } = testsNeeding(probeChromium());

// Any blocked decision in the last five minutes fires it; the kill switch's own event alert is
// off so the one alert on the page is this rule's.
const RULES = `
rules:
  - name: blocks_seen
    figure: block_rate
    above: 0
    window: 5m
    min_samples: 1
    severity: critical
    summary: Something was blocked
events:
  kill_switch_active: off
  chain_verification_failed: critical
  config_reload_rejected: warning
`;


async function signIn(page: Page, url: string, key: string): Promise<void> {
  await page.goto(`${url}/console#/fleet`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Fleet', exact: true }).waitFor();
}

/** The text of the cell in `column` of the row whose header is `row`. */
async function cell(page: Page, table: string, row: string, column: number): Promise<string> {
  const cells = page.getByTestId(table).getByRole('row').filter({ has: page.getByRole('rowheader', { name: row, exact: true }) }).getByRole('cell');
  return (await cells.nth(column).textContent()) ?? '';
}

describe('console: fleet analytics and alerts (SQLite, auth on)', () => {
  let browser: TestBrowser;
  let gw: TestGateway;
  let configDir: string;
  let operator: { key: string; id: string };
  let viewer: { key: string; id: string };
  let alertId: string;
  let admin: { authorization: string };

  before(async () => {
    configDir = mkdtempSync(path.join(os.tmpdir(), 'govgate-fleet-'));
    writeFileSync(path.join(configDir, 'alerts.yaml'), RULES);
    writeFileSync(path.join(configDir, 'rate_limits.yaml'), readFileSync(path.join(REPO_ROOT, 'config', 'rate_limits.yaml')));
    gw = await startTestGateway(undefined, {
      env: { AUTH_ENABLED: 'true', CONFIG_DIR: configDir, ALERTS_EVALUATION_INTERVAL_SECONDS: '1', ANALYTICS_ROLLUP_INTERVAL_SECONDS: '1' },
    });
    admin = { authorization: `Bearer ${(await issueKey(gw.config.keysPath, 'enterprise')).key}` };
    operator = await issueKey(gw.config.keysPath, 'team', null, { roles: ['operator'] });
    viewer = await issueKey(gw.config.keysPath, 'team', null, { roles: ['viewer'] });
    for (const agent of ['payments-agent-1', 'payments-agent-1', 'payments-agent-2']) {
      const res = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: agent }), admin);
      assert.equal(res.body.decision?.outcome, 'approve', res.text);
    }
    assert.equal((await gw.call('POST', '/v1/runtime/kill-switch', { active: true, reason: 'drill' }, admin)).status, 200);
    const blocked = await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'ops-agent-2', action: 'shell.exec' }), admin);
    assert.equal(blocked.body.decision.outcome, 'block');
    assert.equal((await gw.call('POST', '/v1/runtime/kill-switch', { active: false, reason: 'drill over' }, admin)).status, 200);
    alertId = (await until('the blocks_seen alert', async () =>
      (await gw.call('GET', '/v1/alerts/active', undefined, admin)).body.alerts?.find((a: { rule: string }) => a.rule === 'blocks_seen'))).id;
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await gw?.close();
    rmSync(configDir, { recursive: true, force: true });
  });

  test('the fleet view shows the figures the analytics API reports, for each period', async () => {
    const auth = { authorization: `Bearer ${operator.key}` };
    const page = await browser.newPage();
    await signIn(page, gw.url, operator.key);
    const summary = (await gw.call('GET', '/v1/analytics/summary?period=24h', undefined, auth)).body;
    assert.equal(summary.figures.calls, 4);
    assert.equal(summary.figures.decisions.by_outcome.block, 1);
    await page.getByTestId('fleet-summary').waitFor();
    assert.equal(await cell(page, 'fleet-summary', 'Calls', 0), String(summary.figures.calls));
    assert.equal(await cell(page, 'fleet-summary', 'Calls', 1), String(summary.previous.figures.calls));
    assert.equal(await cell(page, 'fleet-summary', 'Calls', 2), `+${summary.change.calls}`);
    assert.equal(await cell(page, 'fleet-summary', 'Decisions', 0), String(summary.figures.decisions.total));
    assert.equal(await cell(page, 'fleet-summary', 'Blocked', 0), String(summary.figures.decisions.by_outcome.block));
    assert.equal(await cell(page, 'fleet-summary', 'Block rate', 0), `${(summary.figures.block_rate * 100).toFixed(1)}%`);
    assert.equal(await cell(page, 'fleet-summary', 'Escalation rate', 0), `${(summary.figures.escalation_rate * 100).toFixed(1)}%`);
    assert.match(await page.getByTestId('fleet-backlog').textContent() ?? '', summary.backlog.open === 0 ? /No review item is open/ : new RegExp(`${summary.backlog.open} open`));

    // Outcomes over time: the chart draws bars; its table sums to the series the API returns.
    const series = (await gw.call('GET', '/v1/analytics/decisions?period=24h&bucket=1h', undefined, auth)).body.series as { total: number; by_outcome: Record<string, number> }[];
    const sum = (outcome: string) => series.reduce((n, p) => n + (p.by_outcome[outcome] ?? 0), 0);
    const outcomes = page.getByRole('img', { name: /^Decisions per hour over the last 24 h: 4 in all \(approve 3, block 1\)/ });
    await outcomes.locator('.recharts-bar-rectangle path').first().waitFor();
    const footer = page.getByTestId('outcomes-table').locator('tfoot tr').getByRole('cell');
    assert.deepEqual(await footer.allTextContents(), [String(series.reduce((n, p) => n + p.total, 0)), String(sum('approve')), String(sum('block'))]);

    const tools = (await gw.call('GET', '/v1/analytics/tools?period=24h&limit=100', undefined, auth)).body.tools as { tool: string; blocks: number; decisions: number }[];
    const shell = tools.find((t) => t.tool === 'shell.exec')!;
    assert.equal(await cell(page, 'blocked-tools', 'shell.exec', 0), String(shell.blocks));
    assert.equal(await cell(page, 'blocked-tools', 'shell.exec', 1), String(shell.decisions));
    assert.equal(await page.getByTestId('blocked-tools').getByText('invoicepay.create_payment').count(), 0, 'a tool never blocked is not among the blocked');

    const latency = (await gw.call('GET', '/v1/analytics/latency?period=24h', undefined, auth)).body;
    assert.equal(await cell(page, 'latency-table', 'gateway (all stages)', 0), String(latency.gateway.count));
    assert.equal(await cell(page, 'latency-table', 'gateway (all stages)', 2), `≤ ${latency.gateway.p50_ms} ms`);

    const agents = (await gw.call('GET', '/v1/analytics/agents?period=24h&limit=50', undefined, auth)).body.agents as { agent_id: string; decisions: number; certification: unknown }[];
    assert.deepEqual(agents.map((a) => [a.agent_id, a.decisions]).sort(), [['ops-agent-2', 1], ['payments-agent-1', 2], ['payments-agent-2', 1]]);
    for (const agent of agents) {
      assert.equal(await cell(page, 'fleet-agents', agent.agent_id, 0), String(agent.decisions));
      assert.equal(await cell(page, 'fleet-agents', agent.agent_id, 4), agent.certification ? 'certified' : 'not certified');
    }
    // The agent links to its certification record.
    assert.equal(await page.getByTestId('fleet-agents').getByRole('link', { name: 'payments-agent-2' }).getAttribute('href'), '#/certification/payments-agent-2');
    assert.deepEqual(await seriousAxeViolations(page), [], 'fleet view: axe-core found serious or critical violations');

    // Another period: the figures follow the API for 7 days (whole days).
    await page.getByRole('radio', { name: '7 d' }).check();
    await page.getByRole('table', { name: 'Figures of the last 7 d and the 7 d before' }).waitFor();
    const week = (await gw.call('GET', '/v1/analytics/summary?period=7d', undefined, auth)).body;
    assert.equal(await cell(page, 'fleet-summary', 'Calls', 0), String(week.figures.calls));
    await page.getByRole('img', { name: /^Decisions per day over the last 7 d: 4 in all/ }).waitFor();

    // The figures are read again on request: one more call shows up.
    assert.equal((await gw.call('POST', '/v1/runtime/pre-check', preCheckBody({ agent_id: 'payments-agent-2' }), admin)).status, 200);
    await page.getByRole('button', { name: 'Read the figures again' }).click();
    await page.getByRole('img', { name: /^Decisions per day over the last 7 d: 5 in all/ }).waitFor();
    await until('the summary read again', async () => ((await cell(page, 'fleet-summary', 'Calls', 0)) === String(week.figures.calls + 1) ? true : undefined));
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });

  test('a viewer sees the alert but no acknowledge button, and the gateway refuses the call', async () => {
    const page = await browser.newPage();
    await signIn(page, gw.url, viewer.key);
    const row = page.getByTestId('active-alerts').getByRole('row').filter({ hasText: 'blocks_seen' });
    await row.getByText('not acknowledged').waitFor();
    await page.getByText('Acknowledging an alert needs one of the roles admin, operator, auditor.').waitFor();
    assert.equal(await page.getByRole('button', { name: /Acknowledge/ }).count(), 0);
    await page.getByTestId('fleet-summary').waitFor();
    assert.deepEqual(await seriousAxeViolations(page), [], 'fleet view (viewer): axe-core found serious or critical violations');

    const forced = await gw.call('POST', `/v1/alerts/${alertId}/ack`, { note: 'not mine to ack' }, { authorization: `Bearer ${viewer.key}` });
    assert.deepEqual([forced.status, forced.body.code], [403, 'ROLE_REQUIRED'], forced.text);
    const still = await gw.call('GET', '/v1/alerts/active', undefined, { authorization: `Bearer ${viewer.key}` });
    assert.equal(still.body.alerts.find((a: { id: string }) => a.id === alertId).acked_by, null);
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });

  test('empty and error states: a team that owns no agent sees empty figures; a credential whose role may not read them sees the refusal', async () => {
    // Team-scoped analytics: a team without agents sees no figures (the alerts are fleet-wide).
    const lonely = await issueKey(gw.config.keysPath, 'team', 'nobody', { roles: ['viewer'] });
    const page = await browser.newPage();
    await signIn(page, gw.url, lonely.key);
    await page.getByTestId('outcomes-empty').getByText('No decisions in the last 24 h.').waitFor();
    await page.getByText('No tool was blocked in the last 24 h.').waitFor();
    await page.getByText('No validation failures in the last 24 h.').waitFor();
    await page.getByText('No timed calls in the last 24 h.').waitFor();
    await page.getByText('No agent made a call in the last 24 h.').waitFor();
    assert.equal(await cell(page, 'fleet-summary', 'Calls', 0), '0');
    assert.deepEqual(await seriousAxeViolations(page), [], 'fleet view (empty): axe-core found serious or critical violations');
    await page.close();

    // An agent's credential (Team tier, role agent) may not read analytics or alerts: each section says so.
    const agent = await issueKey(gw.config.keysPath, 'team', null, { roles: ['agent'] });
    const refused = await browser.newPage();
    await signIn(refused, gw.url, agent.key);
    const alerts = refused.getByRole('region', { name: 'Active alerts' });
    await alerts.getByRole('alert').getByText('403 ROLE_REQUIRED').waitFor();
    await refused.getByRole('region', { name: 'Outcomes over time' }).getByRole('alert').getByText('403 ROLE_REQUIRED').waitFor();
    assert.equal(await refused.getByRole('img').count(), 0, 'no chart without figures');
    await refused.close();
  });

  test('an operator acknowledges the firing alert with a note; page, history and ledger name who', async () => {
    const auth = { authorization: `Bearer ${operator.key}` };
    const actor = `api_key:${operator.id}`;
    const page = await browser.newPage();
    await signIn(page, gw.url, operator.key);
    const row = page.getByTestId('active-alerts').getByRole('row').filter({ hasText: 'blocks_seen' });
    await row.getByText('critical').waitFor();
    // Keyboard only: focus the button, open the form (focus moves to the note), type, submit.
    await page.getByRole('button', { name: 'Acknowledge blocks_seen' }).focus();
    await page.keyboard.press('Enter');
    const note = page.getByLabel('Note (recorded in the audit ledger)');
    await note.waitFor();
    assert.equal(await note.evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement), true, 'focus moves to the note');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Acknowledge blocks_seen' }).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Enter');
    await note.waitFor();
    await page.keyboard.type('Looking into the shell.exec block');
    await assertNoSerious(page, 'acknowledge form');
    await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();

    await row.getByText(`acknowledged by ${actor}`).waitFor();
    await page.getByRole('heading', { name: 'Active alerts' }).and(page.locator(':focus')).waitFor();
    await page.getByRole('status').filter({ hasText: `blocks_seen acknowledged by ${actor}.` }).waitFor();
    await page.getByTestId('alert-history').getByRole('row').filter({ hasText: 'blocks_seen' }).getByText(`acknowledged by ${actor}`).waitFor();

    const history = await gw.call('GET', '/v1/alerts/history?rule=blocks_seen', undefined, auth);
    const acked = history.body.alerts.find((a: { id: string }) => a.id === alertId);
    assert.equal(acked.acked_by, actor);
    assert.ok(acked.ack_envelope_id);
    const ledgerRow = await gw.call('GET', `/v1/audit/executions/${acked.ack_envelope_id}`, undefined, auth);
    assert.equal(ledgerRow.status, 200, ledgerRow.text);
    assert.equal(ledgerRow.body.kind, 'alert_ack');
    assert.equal(ledgerRow.body.payload.actor, actor);
    assert.equal(ledgerRow.body.payload.note, 'Looking into the shell.exec block');
    assert.equal(await page.getByRole('button', { name: 'Acknowledge blocks_seen' }).count(), 0, 'an acknowledged alert offers no second acknowledgement');
    assert.deepEqual(pageProblems(page), []);
    await page.close();
  });
});

async function assertNoSerious(page: Page, view: string): Promise<void> {
  assert.deepEqual(await seriousAxeViolations(page), [], `${view}: axe-core found serious or critical violations`);
}
