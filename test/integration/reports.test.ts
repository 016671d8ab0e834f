// Compliance reports end to end on both stores: a seeded ledger, a report job through the API,
// figures that match the seeded history, a CSV whose rows recompute them, signed files that
// verify (by the library and by `govgate reports verify`, offline) and fail when altered, and
// every error status the routes answer.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { REPO_ROOT, startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { SEEDED, awaitReport, periodAround, seedLedger } from '../helpers/reports.ts';
import { issueKey } from '../helpers/credentials.ts';
import { validateBody } from '../helpers/bodies.ts';
import { openPostgresReportJobs, openSqliteReportJobs, reportRequestOf, verifyReportFile, type ReportJobStore } from '../../src/reports/index.ts';
import { migratePostgresSchema, openLedgerDatabase } from '../../src/ledger/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { ROLES, issueApiKey, openPostgresKeyStore, type Tier } from '../../src/auth/index.ts';

const { skip: noPostgres } = await probePostgres();

type Store = 'sqlite' | 'postgres';

async function gatewayOn(t: TestContext, store: Store, env: Record<string, string> = {}): Promise<TestGateway & { bearer(tier: Tier, team?: string): Promise<Record<string, string>> }> {
  const db = store === 'postgres' ? await createTestSchema(t) : undefined;
  const gateway = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t), ...db?.env, ...env } });
  // Keys live where the gateway reads them: the PostgreSQL schema of a fleet, or KEYS_PATH.
  const bearer = async (tier: Tier, team?: string): Promise<Record<string, string>> => {
    if (!db) return { authorization: `Bearer ${(await issueKey(gateway.config.keysPath, tier, team ?? null)).key}` };
    const keys = await openPostgresKeyStore({ connection: db.options, listen: false });
    try {
      return { authorization: `Bearer ${(await issueApiKey(keys, { tier, team: team ?? null, roles: ROLES, agent_scope: null })).key}` };
    } finally {
      await keys.close();
    }
  };
  return Object.assign(gateway, { bearer });
}

function govgate(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { NODE_TEST_CONTEXT: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(REPO_ROOT, 'src/main.ts'), ...args], { cwd: REPO_ROOT, env: { ...inherited, SERVICE_ENV: 'test' }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }));
  });
}

async function fileOf(gateway: TestGateway, id: string, format: string): Promise<Buffer> {
  const response = await fetch(`${gateway.url}/v1/reports/${id}/file?format=${format}`);
  assert.equal(response.status, 200);
  return Buffer.from(await response.arrayBuffer());
}

for (const store of ['sqlite', 'postgres'] as const) {
  describe(`compliance reports (${store})`, { skip: store === 'postgres' ? noPostgres : false }, () => {
    test('a report of a seeded period: figures, article mapping, CSV rows, signed files', async (t) => {
      const gateway = await gatewayOn(t, store);
      await seedLedger(gateway);
      const created = await gateway.call('POST', '/v1/reports', { period: periodAround(), formats: ['json', 'csv'] });
      assert.equal(created.status, 202, created.text);
      assert.equal(created.headers.get('location'), `/v1/reports/${created.body.id}`);
      assert.ok(['queued', 'running', 'done'].includes(created.body.status));
      const job = await awaitReport(gateway, created.headers.get('location')!);
      assert.equal(job.body.status, 'done', job.text);
      assert.equal(job.body.progress, 100);
      assert.deepEqual(job.body.files.map((f: any) => f.format), ['csv', 'json']);

      const report = JSON.parse((await fileOf(gateway, job.body.id, 'json')).toString('utf8'));
      const f = report.figures;
      assert.equal(f.volumes.by_outcome.escalate, SEEDED.escalations);
      assert.equal(f.volumes.decisions, SEEDED.validates + SEEDED.escalations);
      assert.equal(f.oversight.items_escalated, SEEDED.escalations);
      assert.equal(f.oversight.items_reviewed, SEEDED.approved + SEEDED.rejected);
      assert.equal(f.oversight.approved, SEEDED.approved);
      assert.equal(f.oversight.rejected, SEEDED.rejected);
      assert.equal(f.oversight.overrides, SEEDED.approved);
      assert.equal(f.oversight.time_to_decision.count, 2);
      assert.ok(f.oversight.time_to_decision.median_seconds >= 0);
      assert.deepEqual(f.kill_switch.events.map((e: any) => [e.active, e.by]), [[true, 'user:sre'], [false, 'user:sre']]);
      assert.equal(f.policy.versions.length, 1);
      assert.equal(f.volumes.daily.reduce((sum: number, d: any) => sum + d.decisions, 0), f.volumes.decisions);
      assert.equal(report.chain.verification.valid, true);
      assert.equal(report.chain.head.seq, f.seq_range.last);
      assert.deepEqual(report.articles.map((a: any) => `${a.framework} ${a.article}`), [
        'EU AI Act Art. 12', 'EU AI Act Art. 14', 'EU AI Act Art. 19', 'EU AI Act Art. 26(6)', 'SOC 2 CC7', 'SOC 2 CC8',
      ]);
      assert.ok(report.articles.every((a: any) => a.status === 'evidenced' && a.figures.length > 0));
      // Every pointer of the mapping names something the report holds.
      for (const article of report.articles) {
        for (const pointer of article.figures) {
          const value = pointer.split('/').slice(1).reduce((node: any, key: string) => node?.[key], report);
          assert.notEqual(value, undefined, `${article.article}: ${pointer}`);
        }
      }

      // The CSV's ledger rows recompute the figures.
      const csv = (await fileOf(gateway, job.body.id, 'csv')).toString('utf8').trim().split('\r\n');
      const header = csv[0].split(',');
      const rows = csv.slice(1).map((line) => Object.fromEntries(line.split(',').map((v, i) => [header[i], v])));
      const ledgerRows = rows.filter((r) => r.record === 'ledger_row');
      assert.equal(ledgerRows.length, f.volumes.rows);
      assert.equal(ledgerRows.filter((r) => r.outcome === 'escalate' && r.kind === 'pre_check').length, SEEDED.escalations);
      assert.equal(ledgerRows.filter((r) => r.kind === 'review').length, SEEDED.approved + SEEDED.rejected);
      assert.equal(ledgerRows.filter((r) => r.kind === 'kill_switch').length, SEEDED.killSwitchEvents);

      // Signatures: valid for the file, invalid for one altered byte, checked offline by the CLI.
      const jwks = await gateway.call('GET', '/v1/reports/jwks');
      assert.equal(jwks.status, 200);
      for (const format of ['json', 'csv']) {
        const signature = await gateway.call('GET', `/v1/reports/${job.body.id}/signature?format=${format}`);
        assert.equal(signature.status, 200, signature.text);
        const file = await fileOf(gateway, job.body.id, format);
        assert.equal(signature.body.sha256, job.body.files.find((x: any) => x.format === format).sha256);
        const good = await verifyReportFile(file, signature.body.jws, jwks.body);
        assert.equal(good.status, 'valid', JSON.stringify(good));
        const altered = Buffer.from(file);
        altered[altered.length - 2] ^= 1;
        assert.equal((await verifyReportFile(altered, signature.body.jws, jwks.body)).status, 'invalid');
      }
      const file = path.join(gateway.dir, 'report.json');
      const sig = path.join(gateway.dir, 'report.json.jws');
      const keys = path.join(gateway.dir, 'jwks.json');
      writeFileSync(file, await fileOf(gateway, job.body.id, 'json'));
      writeFileSync(sig, (await gateway.call('GET', `/v1/reports/${job.body.id}/signature?format=json`)).text);
      writeFileSync(keys, jwks.text);
      const ok = await govgate(['reports', 'verify', file, sig, '--jwks', keys, '--json']);
      assert.equal(ok.code, 0, ok.stderr + ok.stdout);
      assert.equal(JSON.parse(ok.stdout).status, 'valid');
      writeFileSync(file, (await fileOf(gateway, job.body.id, 'json')).toString('utf8').replace('"valid": true', '"valid": false'));
      const bad = await govgate(['reports', 'verify', file, sig, '--jwks', keys]);
      assert.equal(bad.code, 1, bad.stdout);
      assert.match(bad.stdout, /INVALID[\s\S]*altered/);
    });

    test('scopes: an agent, and a team (the calls made with its keys)', async (t) => {
      const gateway = await gatewayOn(t, store, { AUTH_ENABLED: 'true' });
      const admin = await gateway.bearer('enterprise');
      const reviewer = await gateway.bearer('enterprise');
      const teamKey = await gateway.bearer('team', 'payments');
      const as = (headers: Record<string, string>) => ({ call: (m: string, p: string, b?: unknown) => gateway.call(m, p, b, headers) });
      await seedLedger(as(admin), as(reviewer));
      // Two calls made with the team's key.
      for (let i = 0; i < 2; i += 1) assert.equal((await gateway.call('POST', '/v1/runtime/validate', validateBody({ agent_id: 'support-agent-9' }), teamKey)).status, 200);

      const agent = await gateway.call('POST', '/v1/reports', { period: periodAround(), scope: { kind: 'agent', agent_id: 'ops-agent-1' }, formats: ['json'] }, admin);
      assert.equal(agent.status, 202, agent.text);
      const agentJob = await awaitReport(as(admin), agent.headers.get('location')!);
      const agentReport = JSON.parse((await gateway.call('GET', `/v1/reports/${agentJob.body.id}/file?format=json`, undefined, admin)).text);
      assert.equal(agentReport.figures.volumes.decisions, SEEDED.escalations);
      assert.equal(agentReport.figures.oversight.items_reviewed, SEEDED.approved + SEEDED.rejected, 'verdicts follow their item into the agent scope');
      assert.equal(agentReport.figures.kill_switch.events.length, 0, 'the kill switch is no agent\'s row');
      assert.deepEqual(agentReport.certification_status.agents.map((a: any) => [a.agent_id, a.certified]), [['ops-agent-1', false]]);

      const team = await gateway.call('POST', '/v1/reports', { period: periodAround(), scope: { kind: 'team', team: 'payments' }, formats: ['json'] }, teamKey);
      assert.equal(team.status, 202, team.text);
      const teamJob = await awaitReport(as(teamKey), team.headers.get('location')!);
      const teamReport = JSON.parse((await gateway.call('GET', `/v1/reports/${teamJob.body.id}/file?format=json`, undefined, teamKey)).text);
      assert.equal(teamReport.figures.volumes.decisions, 2);
      assert.equal(teamReport.scope.description, 'team payments');
      assert.equal(teamReport.figures.kill_switch.events.length, SEEDED.killSwitchEvents, 'the kill switch stops every team: in every team\'s report');
      assert.equal(teamReport.figures.oversight.items_escalated, 0, 'the escalations were made with another team\'s key');

      // A team-bound key: only its own team, and other reports are unknown to it.
      const all = await gateway.call('POST', '/v1/reports', { period: periodAround() }, teamKey);
      assert.equal(all.status, 403);
      assert.equal(all.body.code, 'REPORT_SCOPE_FORBIDDEN');
      const other = await gateway.call('POST', '/v1/reports', { period: periodAround(), scope: { kind: 'team', team: 'billing' } }, teamKey);
      assert.equal(other.body.code, 'REPORT_SCOPE_FORBIDDEN');
      const hidden = await gateway.call('GET', `/v1/reports/${agentJob.body.id}`, undefined, teamKey);
      assert.equal(hidden.status, 404);
      assert.equal(hidden.body.code, 'REPORT_NOT_FOUND');

      // Tiers: developer keys may not; no credential at all is 401.
      const developer = await gateway.bearer('developer');
      const denied = await gateway.call('POST', '/v1/reports', { period: periodAround() }, developer);
      assert.equal(denied.status, 403);
      assert.deepEqual([denied.body.code, denied.body.feature, denied.body.required_tier], ['FORBIDDEN', 'reports', 'team']);
      assert.equal((await gateway.call('GET', `/v1/reports/${agentJob.body.id}`)).status, 401);
      assert.equal((await gateway.call('GET', '/v1/reports/jwks')).status, 200, 'the keys are public');
    });

    test('jobs survive a restart: one queued while no gateway ran, one left running by a replica that died', async (t) => {
      // The jobs are written straight into the store, as a gateway that stopped would have left them.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'govgate-report-restart-'));
      t.after(() => rmSync(dir, { recursive: true, force: true }));
      const ledgerPath = path.join(dir, 'ledger.db');
      let jobs: ReportJobStore;
      let env: Record<string, string> = {};
      if (store === 'postgres') {
        const db = await createTestSchema(t);
        await migratePostgresSchema(db.options);
        jobs = openPostgresReportJobs(db.options, () => {});
        env = db.env;
      } else {
        openLedgerDatabase(ledgerPath).close();
        jobs = openSqliteReportJobs(ledgerPath);
      }
      const request = reportRequestOf({ period: periodAround(), formats: ['json'] }, Date.now());
      const queued = '00000000-0000-4000-8000-00000000000a';
      const orphaned = '00000000-0000-4000-8000-00000000000b';
      await jobs.create({ id: queued, request, requested_by: 'user:auditor' }, Date.now() - 2000);
      await jobs.create({ id: orphaned, request, requested_by: 'user:auditor' }, Date.now() - 1000);
      await jobs.claim(Date.now() - 120_000, 60_000);
      const dead = await jobs.claim(Date.now() - 120_000, 60_000);
      assert.equal(dead?.id, orphaned, 'both claimed, leases long run out');
      await jobs.close();

      const gateway = await startTestGateway(t, { ledgerPath, env: { POLICIES_DIR: writeOpsBundle(t), REPORTS_POLL_SECONDS: '1', ...env } });
      await seedLedger(gateway);
      for (const id of [queued, orphaned]) {
        const job = await awaitReport(gateway, `/v1/reports/${id}`);
        assert.equal(job.body.status, 'done', job.text);
        assert.equal(job.body.requested_by, 'user:auditor');
        const report = JSON.parse((await gateway.call('GET', `/v1/reports/${id}/file?format=json`)).text);
        assert.equal(report.report_id, id);
      }
    });

    test('every error status: bad requests, unknown reports, formats not generated, a failed job', async (t) => {
      const gateway = await gatewayOn(t, store, { REPORTS_MAX_ROWS: '3' });
      await seedLedger(gateway);
      const post = (body: unknown) => gateway.call('POST', '/v1/reports', body);
      const now = Date.now();
      const cases: Array<[unknown, string]> = [
        [{}, 'period'],
        [{ period: { from: 'yesterday', to: new Date(now).toISOString() } }, 'period.from'],
        [{ period: { from: new Date(now).toISOString(), to: new Date(now - 1000).toISOString() } }, 'period.to'],
        [{ period: { from: new Date(now - 400 * 86_400_000).toISOString(), to: new Date(now).toISOString() } }, 'period.to'],
        [{ period: { from: new Date(now + 86_400_000).toISOString(), to: new Date(now + 2 * 86_400_000).toISOString() } }, 'period.from'],
        [{ period: periodAround(), formats: ['docx'] }, 'formats[0]'],
        [{ period: periodAround(), formats: [] }, 'formats'],
        [{ period: periodAround(), scope: { kind: 'agent' } }, 'scope'],
        [{ period: periodAround(), scope: { kind: 'team', team: 'a b' } }, 'scope'],
        [{ period: periodAround(), extra: 1 }, ''],
      ];
      for (const [body, field] of cases) {
        const result = await post(body);
        assert.equal(result.status, 422, `${JSON.stringify(body)}: ${result.text}`);
        assert.equal(result.body.code, 'VALIDATION_FAILED');
        if (field) assert.ok(result.body.errors.some((e: any) => e.path.startsWith(field)), `${JSON.stringify(body)}: ${result.text}`);
      }
      assert.equal((await gateway.call('POST', '/v1/reports', '{"period":')).status, 400);

      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "'; DROP TABLE report_jobs; --"]) {
        const missing = await gateway.call('GET', `/v1/reports/${encodeURIComponent(id)}`);
        assert.equal(missing.status, 404, missing.text);
        assert.equal(missing.body.code, 'REPORT_NOT_FOUND');
        assert.equal((await gateway.call('GET', `/v1/reports/${encodeURIComponent(id)}/file?format=json`)).body.code, 'REPORT_NOT_FOUND');
      }

      // More rows in scope than REPORTS_MAX_ROWS: the job fails and says why; its files are 409.
      const tooLarge = await post({ period: periodAround(), formats: ['json', 'pdf'] });
      const failed = await awaitReport(gateway, tooLarge.headers.get('location')!);
      assert.equal(failed.body.status, 'failed');
      assert.match(failed.body.error, /more than 3 ledger rows/);
      const notReady = await gateway.call('GET', `/v1/reports/${failed.body.id}/file?format=json`);
      assert.equal(notReady.status, 409);
      assert.deepEqual([notReady.body.code, notReady.body.status], ['REPORT_NOT_READY', 'failed']);
      assert.equal((await gateway.call('GET', `/v1/reports/${failed.body.id}/signature?format=json`)).body.code, 'REPORT_NOT_READY');

      // A small period: done, json only; pdf was not asked for.
      const small = await post({ period: { from: new Date(now - 3_600_000).toISOString(), to: new Date(now - 3_000_000).toISOString() }, formats: ['json'] });
      const done = await awaitReport(gateway, small.headers.get('location')!);
      assert.equal(done.body.status, 'done', done.text);
      const pdf = await gateway.call('GET', `/v1/reports/${done.body.id}/file?format=pdf`);
      assert.equal(pdf.status, 404);
      assert.deepEqual([pdf.body.code, pdf.body.formats], ['REPORT_FORMAT_NOT_GENERATED', ['json']]);
      assert.equal((await gateway.call('GET', `/v1/reports/${done.body.id}/signature?format=pdf`)).body.code, 'REPORT_FORMAT_NOT_GENERATED');
      const noFormat = await gateway.call('GET', `/v1/reports/${done.body.id}/file`);
      assert.deepEqual([noFormat.status, noFormat.body.errors[0].path], [422, 'query.format']);
      assert.equal((await gateway.call('GET', `/v1/reports/${done.body.id}/file?format=exe`)).status, 422);
      // An empty format is as missing as no format, for the file and its signature alike.
      for (const query of ['format=', 'format']) {
        for (const part of ['file', 'signature']) {
          const empty = await gateway.call('GET', `/v1/reports/${done.body.id}/${part}?${query}`);
          assert.deepEqual([empty.status, empty.body.code, empty.body.errors?.[0]?.path], [422, 'VALIDATION_FAILED', 'query.format'], `${part}?${query}: ${empty.text}`);
        }
      }
      const unknown = await gateway.call('GET', `/v1/reports/${done.body.id}?verbose=1`);
      assert.deepEqual([unknown.status, unknown.body.code], [400, 'UNKNOWN_QUERY_PARAMETER']);
      assert.equal((await gateway.call('DELETE', `/v1/reports/${done.body.id}`)).status, 405);
    });
  });
}
