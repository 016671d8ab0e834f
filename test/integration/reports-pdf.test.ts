// The PDF of a compliance report, read the way an auditor would without the product: poppler
// renders every page to an image (each exists and is not blank) and extracts the text, whose key
// figures must be the JSON's, and the file verifies against its signature.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { startTestGateway } from '../helpers/gateway.ts';
import { writeOpsBundle } from '../helpers/ops-bundle.ts';
import { createTestSchema, probePostgres } from '../helpers/postgres.ts';
import { awaitReport, periodAround, seedLedger } from '../helpers/reports.ts';
import { missingTool, testsNeeding, TOOL_FOUND } from '../helpers/required-tool.ts';
import { keyFigures, verifyReportFile } from '../../src/reports/index.ts';

const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined && spawnSync('pdftotext', ['-v']).error === undefined;
const { test } = testsNeeding(hasPoppler ? TOOL_FOUND : missingTool({
  tests: 'PDF report rendering', requireVariable: 'REQUIRE_PDFTOPPM', reason: 'poppler\'s pdftoppm and pdftotext are not installed (apt-get install poppler-utils)',
}));
const { skip: noPostgres } = await probePostgres();

async function renderedReport(t: TestContext, env: Record<string, string>): Promise<void> {
  const gateway = await startTestGateway(t, { env: { POLICIES_DIR: writeOpsBundle(t), ...env } });
  await seedLedger(gateway);
  const created = await gateway.call('POST', '/v1/reports', { period: periodAround(), formats: ['json', 'pdf'] });
  assert.equal(created.status, 202, created.text);
  const job = await awaitReport(gateway, created.headers.get('location')!);
  assert.equal(job.body.status, 'done', job.text);
  const pdfResponse = await fetch(`${gateway.url}/v1/reports/${job.body.id}/file?format=pdf`);
  assert.equal(pdfResponse.headers.get('content-type'), 'application/pdf');
  const pdf = Buffer.from(await pdfResponse.arrayBuffer());
  const report = JSON.parse((await gateway.call('GET', `/v1/reports/${job.body.id}/file?format=json`)).text);
  const file = path.join(gateway.dir, 'report.pdf');
  writeFileSync(file, pdf);

  // Every page renders to an image with ink on it.
  execFileSync('pdftoppm', ['-r', '40', '-png', file, path.join(gateway.dir, 'page')]);
  const pages = readdirSync(gateway.dir).filter((name) => /^page-\d+\.png$/.test(name)).sort();
  assert.ok(pages.length >= 3, `pages: ${pages.join(', ')}`);
  for (const page of pages) {
    const png = readFileSync(path.join(gateway.dir, page));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.ok(statSync(path.join(gateway.dir, page)).size > 2000, `${page} is not blank`);
  }

  // The figures printed are the JSON's.
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const figures = keyFigures(report);
  assert.ok(figures.length > 10);
  for (const [label, value] of figures) {
    assert.match(text, new RegExp(`${label.replace(/[()]/g, '\\$&')}:\\s+${value.replace(/[.]/g, '\\.')}(\\s|$)`), `${label}: ${value}`);
  }
  assert.match(text, new RegExp(`Decisions:\\s+${report.figures.volumes.decisions}\\b`));
  assert.match(text, new RegExp(`Held for a person:\\s+3\\b`));
  for (const article of ['Art. 12', 'Art. 14', 'Art. 19', 'Art. 26(6)', 'CC7', 'CC8']) assert.ok(text.includes(article), article);
  assert.ok(text.includes(report.chain.head.hash), 'the chain head hash is printed whole');

  const signature = await gateway.call('GET', `/v1/reports/${job.body.id}/signature?format=pdf`);
  const jwks = (await gateway.call('GET', '/v1/reports/jwks')).body;
  assert.equal((await verifyReportFile(pdf, signature.body.jws, jwks)).status, 'valid');
}

test('the PDF renders page by page and prints the JSON\'s figures (SQLite)', async (t) => {
  await renderedReport(t, {});
});

test('the PDF renders page by page and prints the JSON\'s figures (PostgreSQL)', { skip: noPostgres }, async (t) => {
  await renderedReport(t, (await createTestSchema(t)).env);
});
