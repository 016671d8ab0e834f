// /v1/reports: compliance reports as background jobs. POST queues one (202 + Location), GET
// follows it (status, progress, links), then each file and its signature; the JWKS that checks
// the signatures (the report keys, apart from the certificate keys) is public.

import { ApiError, type RequestContext, type Route } from '../http/index.ts';
import { validateRequest } from '../schemas/index.ts';
import { REPORT_FORMATS, reportRequestOf, type ReportFormat, type ReportRequest, type ReportScope, type Reports, type ReportJob } from '../reports/index.ts';
import { actorOf } from './actor.ts';
import { QueryReader } from './query-params.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idPath = { name: 'id', in: 'path' as const, required: true, description: 'The report id (UUID).', schema: { type: 'string', format: 'uuid' } };
const formatQuery = { name: 'format', in: 'query' as const, required: true, description: 'json, csv or pdf.', schema: { type: 'string', enum: [...REPORT_FORMATS] } };
const CONTENT_TYPES: Record<ReportFormat, string> = { json: 'application/json', csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' };

export interface ReportRouteDeps {
  reports: Reports;
  now?: () => number;
}

export function reportRoutes(deps: ReportRouteDeps): Route[] {
  const now = deps.now ?? Date.now;
  const jwks = (): { body: unknown; headers: Record<string, string> } => ({ body: deps.reports.keys.jwks(), headers: { 'cache-control': 'public, max-age=300' } });
  return [
    {
      method: 'POST', path: '/v1/reports',
      meta: {
        feature: 'reports',
        doc: {
          summary: 'Request a compliance report', tags: ['reports'], request: 'ReportRequest',
          description: 'Queues a report of a period and scope (all, a team, an agent): volumes and outcomes, human oversight, policy versions, kill-switch events, '
            + 'retention and erasure, certification status and the chain proof, mapped to EU AI Act Art. 12, 14, 19, 26(6) and SOC 2 CC7, CC8 (docs/reports.md). '
            + 'Answers 202 with the job; follow its Location until `status` is `done`.',
          responses: { 202: { description: 'The queued job (Location: its URL)', schema: 'ReportJob' } }, errors: [403, 503],
        },
      },
      handler: async (ctx) => {
        const body = validateRequest<{ period: { from: string; to: string }; scope?: ReportScope; formats?: ReportFormat[] }>('ReportRequest', await ctx.json());
        const request = reportRequestOf(body, now());
        checkScope(ctx, request);
        const job = await deps.reports.create(request, actorOf(ctx));
        return { status: 202, body: await jobView(deps.reports, job), headers: { location: `/v1/reports/${job.id}` } };
      },
    },
    {
      method: 'GET', path: '/v1/reports/jwks',
      meta: { public: true, doc: { summary: 'Public keys that verify report signatures', tags: ['reports'], description: 'The report signing key (REPORTS_KEY) and the retired report keys (REPORTS_OLD_KEYS_FILE), by kid; not the certificate keys.', responses: { 200: { description: 'JWKS', schema: 'Jwks' } } } },
      handler: (ctx) => {
        new QueryReader(ctx.query).done();
        return jwks();
      },
    },
    {
      method: 'GET', path: '/v1/reports/{id}',
      meta: {
        feature: 'reports',
        doc: {
          summary: 'A report job: status, progress, files', tags: ['reports'], parameters: [idPath],
          responses: { 200: { description: 'The job; once done, each file with its digest and links', schema: 'ReportJob' } }, errors: [403, 404, 503],
        },
      },
      handler: async (ctx) => {
        new QueryReader(ctx.query).done();
        const job = await visibleJob(ctx, deps.reports);
        return { body: await jobView(deps.reports, job) };
      },
    },
    {
      method: 'GET', path: '/v1/reports/{id}/file',
      meta: {
        feature: 'reports',
        doc: {
          summary: 'Download a report file', tags: ['reports'], parameters: [idPath, formatQuery],
          description: 'The file as generated and signed; `X-Report-SHA256` carries its digest, `/signature` the JWS over it.',
          responses: { 200: { description: 'The file (application/json, text/csv or application/pdf)', contentType: 'application/octet-stream' } }, errors: [403, 404, 409, 503],
        },
      },
      handler: async (ctx) => {
        const { job, format } = await readyFile(ctx, deps.reports);
        const file = await deps.reports.file(job.id, format);
        if (!file) throw notGenerated(job, format);
        return {
          raw: file.content, contentType: CONTENT_TYPES[format],
          headers: { 'content-disposition': `attachment; filename="report-${job.id}.${format}"`, 'x-report-sha256': file.sha256, 'cache-control': 'private, no-store' },
        };
      },
    },
    {
      method: 'GET', path: '/v1/reports/{id}/signature',
      meta: {
        feature: 'reports',
        doc: {
          summary: 'The signature of a report file', tags: ['reports'], parameters: [idPath, formatQuery],
          description: 'A compact JWS (EdDSA or ES256, typ govgate-report+jws) over the file\'s SHA-256; check it offline with `govgate reports verify <file> <signature> --jwks <jwks>`.',
          responses: { 200: { description: 'The signature, the digest it covers, and where the keys are', schema: 'ReportSignature' } }, errors: [403, 404, 409, 503],
        },
      },
      handler: async (ctx) => {
        const { job, format } = await readyFile(ctx, deps.reports);
        const file = (await deps.reports.files(job.id)).find((entry) => entry.format === format);
        if (!file) throw notGenerated(job, format);
        return { body: { report_id: job.id, format, sha256: file.sha256, jws: file.signature, jwks: '/v1/reports/jwks' } };
      },
    },
  ];
}

/** A credential bound to a team reports on its own team only: the fleet and single agents may belong to others. */
function checkScope(ctx: RequestContext, request: ReportRequest): void {
  const team = ctx.principal?.team ?? null;
  if (team === null) return;
  if (request.scope.kind !== 'team' || request.scope.team !== team) {
    throw new ApiError('REPORT_SCOPE_FORBIDDEN', `This credential belongs to team ${team}: ask for {"kind": "team", "team": "${team}"}.`, { extensions: { team } });
  }
}

async function visibleJob(ctx: RequestContext, reports: Reports): Promise<ReportJob> {
  const id = ctx.params.id;
  const job = id && UUID.test(id) ? await reports.get(id.toLowerCase()) : undefined;
  // Another team's report is as unknown to a team-bound credential as a missing one.
  const team = ctx.principal?.team ?? null;
  if (!job || (team !== null && (job.request.scope.kind !== 'team' || job.request.scope.team !== team))) {
    throw new ApiError('REPORT_NOT_FOUND', `No report with id ${id ?? ''}.`);
  }
  return job;
}

async function readyFile(ctx: RequestContext, reports: Reports): Promise<{ job: ReportJob; format: ReportFormat }> {
  const q = new QueryReader(ctx.query);
  const format = q.oneOf('format', REPORT_FORMATS);
  // oneOf reads `?format=` (and a bare `?format`) as not given, which for this parameter is missing.
  if (!ctx.query.get('format')) q.reject('format', 'is required (json, csv or pdf)');
  q.done();
  const job = await visibleJob(ctx, reports);
  if (job.status !== 'done') {
    const detail = job.status === 'failed' ? `Report ${job.id} failed: ${job.error ?? 'unknown error'}` : `Report ${job.id} is ${job.status} (${job.progress}%); try again shortly.`;
    throw new ApiError('REPORT_NOT_READY', detail, {
      extensions: { status: job.status, progress: job.progress, error: job.error },
      ...(job.status === 'failed' ? {} : { headers: { 'retry-after': '2' } }),
    });
  }
  return { job, format: format as ReportFormat };
}

function notGenerated(job: ReportJob, format: ReportFormat): ApiError {
  return new ApiError('REPORT_FORMAT_NOT_GENERATED', `Report ${job.id} was generated as ${job.request.formats.join(', ')}, not ${format}.`, { extensions: { formats: job.request.formats } });
}

async function jobView(reports: Reports, job: ReportJob): Promise<Record<string, unknown>> {
  const files = job.status === 'done' ? await reports.files(job.id) : [];
  return {
    id: job.id, status: job.status, progress: job.progress, period: job.request.period, scope: job.request.scope, formats: job.request.formats,
    requested_by: job.requested_by, created_at: new Date(job.created_at).toISOString(),
    finished_at: job.finished_at === null ? null : new Date(job.finished_at).toISOString(), error: job.error,
    files: files.map((file) => ({
      format: file.format, size: file.size, sha256: file.sha256,
      file: `/v1/reports/${job.id}/file?format=${file.format}`, signature: `/v1/reports/${job.id}/signature?format=${file.format}`,
    })),
    links: { self: `/v1/reports/${job.id}`, jwks: '/v1/reports/jwks' },
  };
}
