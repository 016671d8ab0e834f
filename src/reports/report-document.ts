// The report as one JSON document: what it covers, the figures, the evidence behind them, and the
// article mapping. The JSON format is this document; CSV and PDF are renderings of it.

import { articleMappings, type ArticleMapping } from './article-mapping.ts';
import type { ReportContent } from './ledger-figures.ts';
import { describeScope, type ReportRequest } from './report-request.ts';

export const REPORT_SCHEMA_VERSION = 1;

export interface RetentionSettings { hotPayloadDays: number | null; metadataYears: number | null }

export interface ReportDocumentBody extends Omit<ReportContent, 'rows'> {
  schema_version: number;
  report_id: string;
  generated_at: string;
  generator: { product: 'governance-gateway'; version: string };
  period: ReportRequest['period'];
  scope: ReportRequest['scope'] & { description: string };
  retention: { hot_payload_days: number | null; metadata_years: number | null };
}

export interface ReportDocument extends ReportDocumentBody {
  articles: ArticleMapping[];
}

export function reportDocument(
  content: ReportContent, request: ReportRequest,
  context: { reportId: string; generatedAt: string; version: string; retention: RetentionSettings },
): ReportDocument {
  const { rows: _rows, ...evidence } = content;
  const body: ReportDocumentBody = {
    schema_version: REPORT_SCHEMA_VERSION,
    report_id: context.reportId,
    generated_at: context.generatedAt,
    generator: { product: 'governance-gateway', version: context.version },
    period: request.period,
    scope: { ...request.scope, description: describeScope(request.scope) },
    retention: { hot_payload_days: context.retention.hotPayloadDays, metadata_years: context.retention.metadataYears },
    ...evidence,
  };
  return { ...body, articles: articleMappings(body, context.retention) };
}
