// The CSV: the rows behind the figures, one line per ledger row in scope (metadata only, never
// payloads), then the records that are not ledger rows (checkpoints, retention runs) under the
// same header. A spreadsheet recomputes every figure from it: count kind/outcome per day, etc.

import type { ReportDocument } from './report-document.ts';
import type { RowLine } from './ledger-figures.ts';

export const CSV_COLUMNS = [
  'record', 'seq', 'created_at', 'kind', 'envelope_id', 'parent_envelope_id', 'agent_id', 'action', 'outcome', 'risk_tier',
  'policy_version', 'reviewer_id', 'payload_state', 'hash', 'detail',
] as const;

type Line = Partial<Record<(typeof CSV_COLUMNS)[number], string | number | null>>;

export function reportCsv(report: ReportDocument, rows: readonly RowLine[]): Buffer {
  const lines = [CSV_COLUMNS.join(',')];
  const push = (line: Line): void => {
    lines.push(CSV_COLUMNS.map((column) => csvField(line[column] ?? null)).join(','));
  };
  for (const row of rows) push({ record: 'ledger_row', ...row });
  for (const checkpoint of report.chain.checkpoints.listed) {
    push({ record: 'checkpoint', seq: checkpoint.seq, created_at: checkpoint.created_at, hash: checkpoint.head_hash, detail: `key ${checkpoint.key_id}; signature ${checkpoint.signature}` });
  }
  for (const run of report.retention_runs) {
    push({ record: 'retention_run', created_at: run.at, kind: run.kind, detail: `key ${run.key_id}; signature ${run.signature}; ${JSON.stringify(run.claims)}` });
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** RFC 4180 quoting; a leading = + - @ is prefixed so a spreadsheet never runs a cell as a formula. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
