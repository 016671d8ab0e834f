// The key figures of a report as label/value pairs: printed on the PDF's first page and checked
// against the JSON by the tests. Kept apart from the PDF module so reading them loads no PDF library.

import type { ReportDocument } from './report-document.ts';

/** The key figures as label/value pairs: printed in the PDF and checked against the JSON by the tests. */
export function keyFigures(report: ReportDocument): Array<[string, string]> {
  const f = report.figures;
  const t = f.oversight.time_to_decision;
  return [
    ['Ledger rows in scope', String(f.volumes.rows)],
    ['Decisions', String(f.volumes.decisions)],
    ['Allowed', String(f.volumes.by_outcome.approve ?? 0)],
    ['Blocked', String(f.volumes.by_outcome.block ?? 0)],
    ['Held for a person', String(f.oversight.items_escalated)],
    ['Decided by a person', String(f.oversight.items_reviewed)],
    ['Human overrides', String(f.oversight.overrides)],
    ['Expired without a decision', String(f.oversight.expired)],
    ['Median time to decision (s)', t.median_seconds === null ? '-' : String(t.median_seconds)],
    ['Agents', String(f.volumes.agents)],
    ['Policy versions', String(f.policy.versions.length)],
    ['Policy changes', String(f.policy.changes.length)],
    ['Kill-switch events', String(f.kill_switch.events.length)],
    ['Retention runs', String(report.retention_runs.length)],
    ['Chain verification', report.chain.verification.valid ? 'VALID' : `FAILED at seq ${report.chain.verification.first_bad_seq}`],
  ];
}
