// The PDF an auditor reads without the product: the key figures with charts, the article-by-article
// mapping, then the evidence (policy versions, kill switch, retention, certification, chain
// proof). Standard PDF fonts only (nothing to embed or fetch); the dates in the file's metadata are
// the report's own, so the same report renders to the same bytes.

import PDFDocument from 'pdfkit';
import { horizontalBars, stackedColumns } from './pdf-charts.ts';
import type { ReportDocument } from './report-document.ts';
import { keyFigures } from './key-figures.ts';

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
const LISTED = 40;
const COLORS = { approve: '#2e7d32', block: '#c62828', escalate: '#ef6c00', request_evidence: '#f9a825', other: '#78909c' };

export function reportPdf(report: ReportDocument): Promise<Buffer> {
  const generated = new Date(report.generated_at);
  const doc: Doc = new PDFDocument({
    size: 'A4', margin: MARGIN, bufferPages: true,
    info: { Title: `Compliance report ${report.report_id}`, Author: 'governance-gateway', Subject: `${report.period.from} to ${report.period.to}`, CreationDate: generated, ModDate: generated },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  summaryPage(doc, report);
  doc.addPage();
  articlesPage(doc, report);
  doc.addPage();
  evidencePages(doc, report);
  footers(doc, report);
  doc.end();
  return done;
}

function summaryPage(doc: Doc, report: ReportDocument): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black').text('Compliance report');
  doc.font('Helvetica').fontSize(9).moveDown(0.3);
  line(doc, 'Report id', report.report_id);
  line(doc, 'Period', `${report.period.from} to ${report.period.to} (end exclusive)`);
  line(doc, 'Scope', report.scope.description);
  line(doc, 'Generated', `${report.generated_at} by ${report.generator.product} ${report.generator.version}`);
  doc.moveDown(0.6);
  heading(doc, 'Key figures');
  for (const [label, value] of keyFigures(report)) line(doc, label, value);
  doc.moveDown(0.8);
  const outcomes = report.figures.volumes.by_outcome;
  const top = doc.y;
  horizontalBars(doc, { x: MARGIN, y: top, width: width / 2 - 10, height: 120 }, 'Decisions by outcome', Object.entries(outcomes).map(([label, value]) => ({
    label, value, color: COLORS[label as keyof typeof COLORS] ?? COLORS.other,
  })));
  const o = report.figures.oversight;
  horizontalBars(doc, { x: MARGIN + width / 2 + 10, y: top, width: width / 2 - 10, height: 120 }, 'Human oversight', [
    { label: 'held', value: o.items_escalated, color: COLORS.escalate },
    { label: 'approved', value: o.approved, color: COLORS.approve },
    { label: 'rejected', value: o.rejected, color: COLORS.block },
    { label: 'expired', value: o.expired, color: COLORS.other },
  ]);
  const days = report.figures.volumes.daily;
  stackedColumns(doc, { x: MARGIN, y: top + 135, width, height: 190 }, 'Decisions per day (UTC)', days.map((d) => d.day), [
    { label: 'allowed', color: COLORS.approve, values: days.map((d) => d.allowed) },
    { label: 'blocked', color: COLORS.block, values: days.map((d) => d.blocked) },
    { label: 'held', color: COLORS.escalate, values: days.map((d) => d.escalated) },
  ]);
}

function articlesPage(doc: Doc, report: ReportDocument): void {
  heading(doc, 'What the report answers, article by article');
  for (const article of report.articles) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(`${article.framework} ${article.article} - ${article.title}: ${article.status === 'evidenced' ? 'EVIDENCED' : 'NEEDS ATTENTION'}`);
    doc.font('Helvetica').fontSize(8.5);
    doc.text(`Requirement: ${article.requirement}`);
    doc.text(`Answered by: ${article.answered_by}`);
    doc.text(`In this report: ${article.note}`);
    doc.fillColor('#555555').text(`Figures (JSON pointers): ${article.figures.join(', ')}`).fillColor('black');
    doc.moveDown(0.7);
  }
}

function evidencePages(doc: Doc, report: ReportDocument): void {
  const f = report.figures;
  heading(doc, 'Policy versions in force');
  for (const v of f.policy.versions.slice(0, LISTED)) line(doc, v.version, `${v.rows} rows, ${v.first_seen} to ${v.last_seen}`);
  more(doc, f.policy.versions.length);
  if (f.policy.changes.length > 0) {
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(9).text('Changes');
    for (const c of f.policy.changes.slice(0, LISTED)) line(doc, c.at, `seq ${c.seq}: ${c.from} -> ${c.to}`);
    more(doc, f.policy.changes.length);
  }
  heading(doc, 'Kill-switch events');
  if (f.kill_switch.events.length === 0) doc.font('Helvetica').fontSize(9).text('None in the period.');
  for (const e of f.kill_switch.events.slice(0, LISTED)) line(doc, e.at, `seq ${e.seq}: ${e.active ? 'ON' : 'OFF'} by ${e.by ?? '-'}${e.reason ? ` (${e.reason})` : ''}`);
  more(doc, f.kill_switch.events.length);
  heading(doc, 'Retention and erasure');
  line(doc, 'Retention settings', `payloads ${report.retention.hot_payload_days ?? '-'} days, metadata ${report.retention.metadata_years ?? '-'} years`);
  line(doc, 'Rows with personal data erased', String(f.data_protection.pii_erased_rows));
  line(doc, 'Rows whose payload expired', String(f.data_protection.payload_expired_rows));
  for (const run of report.retention_runs.slice(0, LISTED)) line(doc, run.at, `${run.kind}, signature ${run.signature}`);
  more(doc, report.retention_runs.length);
  heading(doc, 'Certification status');
  line(doc, 'Policy version in force', report.certification_status.policy_version);
  for (const a of report.certification_status.agents.slice(0, LISTED)) line(doc, a.agent_id, a.certified ? `certified until ${a.expires_at}` : 'not certified');
  more(doc, report.certification_status.agents.length + report.certification_status.agents_not_listed);
  for (const e of f.certification.events.slice(0, LISTED)) line(doc, e.at, `${e.kind} of ${e.agent_id ?? '-'}${e.passed === null ? '' : e.passed ? ' (passed)' : ' (failed)'} under ${e.policy_version}`);
  heading(doc, 'Chain proof');
  const v = report.chain.verification;
  line(doc, 'Head', `seq ${report.chain.head.seq}, hash ${report.chain.head.hash}`);
  line(doc, 'Verified at', `${v.verified_at}: ${v.valid ? 'VALID' : `FAILED (${v.problem} at seq ${v.first_bad_seq})`}, ${v.rows_checked} rows, seq ${v.from_seq ?? '-'} to ${v.to_seq ?? '-'}`);
  line(doc, 'Signatures checked', v.signatures_checked ? 'yes' : 'no (no checkpoint key configured)');
  line(doc, 'Rows after the newest checkpoint', String(v.unprotected_rows));
  line(doc, 'Signed checkpoints (all time)', String(report.chain.checkpoints.total));
  for (const c of report.chain.checkpoints.listed.slice(0, LISTED)) line(doc, `seq ${c.seq}`, `${c.created_at}, hash ${c.head_hash}, signature ${c.signature}`);
  more(doc, report.chain.checkpoints.listed.length);
}

function footers(doc: Doc, report: ReportDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#555555').text(
      `Report ${report.report_id} - page ${i + 1} of ${range.count} - check this file: govgate reports verify <file> <signature> --jwks <jwks>`,
      MARGIN, doc.page.height - 30, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
    );
    doc.page.margins.bottom = bottom;
  }
}

function heading(doc: Doc, text: string): void {
  if (doc.y > doc.page.height - 120) doc.addPage();
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(12).fillColor('black').text(text, MARGIN).moveDown(0.2);
}

function line(doc: Doc, label: string, value: string): void {
  doc.font('Helvetica-Bold').fontSize(9).fillColor('black').text(`${label}: `, MARGIN, doc.y, { continued: true }).font('Helvetica').text(value);
}

function more(doc: Doc, total: number): void {
  if (total > LISTED) doc.font('Helvetica').fontSize(8).fillColor('#555555').text(`... and ${total - LISTED} more (see the JSON and CSV).`).fillColor('black');
}
