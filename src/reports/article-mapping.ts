// What auditors look for, article by article, and which parts of the report answer each. The
// `figures` are JSON pointers into the report document, so a reader (or a test) can follow each
// claim to its number; `status` is computed from the figures, never asserted.

import type { ReportDocumentBody } from './report-document.ts';

export interface ArticleMapping {
  framework: 'EU AI Act' | 'SOC 2';
  article: string;
  title: string;
  requirement: string;
  answered_by: string;
  /** JSON pointers (RFC 6901) into this report. */
  figures: string[];
  status: 'evidenced' | 'attention';
  note: string;
}

/** Art. 19 and 26(6): logs are kept for at least six months. */
export const MIN_RETENTION_DAYS = 183;

export function articleMappings(report: ReportDocumentBody, retention: { hotPayloadDays: number | null; metadataYears: number | null }): ArticleMapping[] {
  const f = report.figures;
  const chain = report.chain.verification;
  const retainedDays = retention.metadataYears === null ? null : retention.metadataYears * 365;
  const retentionOk = retainedDays === null || retainedDays >= MIN_RETENTION_DAYS;
  const oversight = f.oversight;
  return [
    {
      framework: 'EU AI Act', article: 'Art. 12', title: 'Record-keeping',
      requirement: 'Automatic recording of events over the lifetime of the system, enabling traceability of its functioning.',
      answered_by: 'Every decision is a hash-chained ledger row (volumes by kind and outcome); the chain was verified when this report was generated, against signed checkpoints.',
      figures: ['/figures/volumes/rows', '/figures/volumes/by_kind', '/figures/volumes/by_outcome', '/chain/verification/valid', '/chain/checkpoints/listed'],
      status: chain.valid ? 'evidenced' : 'attention',
      note: chain.valid ? `${chain.rows_checked} rows verified from seq ${chain.from_seq ?? '-'} to ${chain.to_seq ?? '-'}.` : `Chain verification failed at seq ${chain.first_bad_seq}: ${chain.problem}.`,
    },
    {
      framework: 'EU AI Act', article: 'Art. 14', title: 'Human oversight',
      requirement: 'Natural persons can oversee the system, decide not to use its output, and override or reverse it.',
      answered_by: 'Decisions held for a person (escalations), human verdicts with time to decision, human overrides of the automated hold, expiries (the policy default applied), and kill-switch events.',
      figures: ['/figures/oversight', '/figures/kill_switch/events'],
      status: oversight.items_escalated === 0 || oversight.items_reviewed + oversight.expired > 0 ? 'evidenced' : 'attention',
      note: `${oversight.items_escalated} held, ${oversight.items_reviewed} decided by a person (${oversight.overrides} overrides), ${oversight.expired} expired; median time to decision ${oversight.time_to_decision.median_seconds ?? '-'} s.`,
    },
    {
      framework: 'EU AI Act', article: 'Art. 19', title: 'Automatically generated logs (providers)',
      requirement: 'Logs kept for a period appropriate to the intended purpose, of at least six months.',
      answered_by: 'The retention settings in force, the signed retention runs of the period, and the rows whose payload expired or whose personal data was erased (still verifiable through their commitments).',
      figures: ['/retention', '/retention_runs', '/figures/data_protection'],
      status: retentionOk ? 'evidenced' : 'attention',
      note: retainedDays === null ? 'Ledger metadata is never deleted.' : `Ledger metadata is kept ${retention.metadataYears} years; payloads ${retention.hotPayloadDays ?? 'indefinitely'} days.`,
    },
    {
      framework: 'EU AI Act', article: 'Art. 26(6)', title: 'Log retention (deployers)',
      requirement: 'Deployers keep the logs under their control for at least six months.',
      answered_by: 'Same evidence as Art. 19: the ledger is in the deployer\'s own database; retention settings and signed retention runs show nothing was deleted early.',
      figures: ['/retention', '/retention_runs'],
      status: retentionOk ? 'evidenced' : 'attention',
      note: `Minimum required: ${MIN_RETENTION_DAYS} days.`,
    },
    {
      framework: 'SOC 2', article: 'CC7', title: 'System operations (monitoring)',
      requirement: 'Detect and monitor anomalies and security events, and respond to them.',
      answered_by: 'Blocks and escalations per day, kill-switch activations, and the integrity check of the record (chain verification, unprotected rows).',
      figures: ['/figures/volumes/daily', '/figures/volumes/by_outcome', '/figures/kill_switch/events', '/chain/verification'],
      status: chain.valid ? 'evidenced' : 'attention',
      note: `${f.volumes.by_outcome.block ?? 0} blocks, ${f.kill_switch.events.length} kill-switch events in the period.`,
    },
    {
      framework: 'SOC 2', article: 'CC8', title: 'Change management',
      requirement: 'Changes to the system are authorised, recorded and traceable.',
      answered_by: 'The policy versions in force during the period and every point where the version changed, with agent certifications against those versions.',
      figures: ['/figures/policy/versions', '/figures/policy/changes', '/figures/certification/events', '/certification_status'],
      status: 'evidenced',
      note: `${f.policy.versions.length} policy version(s), ${f.policy.changes.length} change(s) in the period.`,
    },
  ];
}
