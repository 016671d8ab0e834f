// Compliance reports: a period and a scope of the ledger turned into figures, evidence and an
// article-by-article mapping (EU AI Act, SOC 2), rendered as JSON, CSV and PDF, each file signed.
// Jobs run in the background, durable in the ledger's database; one replica runs each.

export { startReports, type Reports, type StartReportsOptions } from './start-reports.ts';
export { reportRequestOf, describeScope, REPORT_FORMATS, MAX_PERIOD_DAYS, type ReportFormat, type ReportRequest, type ReportScope } from './report-request.ts';
export { collectReport, ReportTooLargeError, type FigureSources, type ReportContent } from './ledger-figures.ts';
export { FiguresAccumulator, durationFigures, type PeriodFigures } from './period-figures.ts';
export { reportDocument, type ReportDocument } from './report-document.ts';
export { articleMappings, MIN_RETENTION_DAYS, type ArticleMapping } from './article-mapping.ts';
export { reportCsv, csvField, CSV_COLUMNS } from './report-csv.ts';
export { keyFigures } from './key-figures.ts';
export { loadReportKeys, type ReportKeys } from './report-keys.ts';
export { signReportFile, verifyReportFile, sha256Of, REPORT_SIGNATURE_TYP, type ReportVerification, type ReportSignatureClaims } from './report-signature.ts';
export { REPORT_STATUSES, type ReportJob, type ReportJobStore, type ReportStatus } from './report-jobs.ts';
export { openSqliteReportJobs } from './sqlite-report-jobs.ts';
export { openPostgresReportJobs } from './postgres-report-jobs.ts';
