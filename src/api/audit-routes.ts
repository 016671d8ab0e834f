// /v1/audit: list and read executions, verify the hash chain, erase PII.

import diagnostics_channel from 'node:diagnostics_channel';
import { ApiError, type Route } from '../http/index.ts';
import type { JWK } from 'jose';
import { auditLedger, ENTRY_KINDS, EXECUTION_STATUSES, type Ledger, type LedgerRow } from '../ledger/index.ts';
import { AGENT_ID_PATTERN } from '../schemas/index.ts';
import { OUTCOMES } from '../governance/index.ts';
import { QueryReader, envelopeIdParam, pagingParameters } from './query-params.ts';
import { readScope, requireInReadScope, type TeamAgents } from './team-scope.ts';
import type { AccessEvents } from './access-events.ts';
import { rowForCaller } from './pii-masking.ts';

/** Listing defaults: documented in the OpenAPI schema and the README. */
export const AUDIT_LIST_DEFAULT_LIMIT = 50;
export const AUDIT_LIST_MAX_LIMIT = 500;

/** A tool (action) name as the runtime accepts it: 1 to 256 characters, no control characters. */
const TOOL_NAME = /^[^\u0000-\u001f\u007f]{1,256}$/;

const envelopePath = { name: 'envelope_id', in: 'path' as const, required: true, description: 'The envelope id (UUID).', schema: { type: 'string', format: 'uuid' } };

export interface AuditRouteOptions {
  /** The public JWK scheduled checkpoints are signed with, or null when they are off. */
  checkpointKey?: () => Record<string, unknown> | null;
  /** The public keys verify checks checkpoints, retention runs and anchors against (empty: the walk alone). */
  trustedKeys?: () => JWK[];
  /** Team scoping (src/api/team-scope.ts); absent: every caller reads every agent. */
  teamAgents?: TeamAgents;
  /** Erasures are privileged actions: an `access` row names who asked. */
  access?: AccessEvents;
}

export function auditRoutes(ledger: Ledger, options: AuditRouteOptions = {}): Route[] {
  return [
    {
      method: 'GET', path: '/v1/audit/executions',
      meta: {
        feature: 'audit_read',
        doc: {
          summary: 'List audit records, newest first', tags: ['audit'],
          parameters: [
            { name: 'agent_id', in: 'query', description: 'Only this agent\'s records.', schema: { type: 'string', pattern: AGENT_ID_PATTERN } },
            { name: 'kind', in: 'query', description: 'Only records of this kind.', schema: { type: 'string', enum: ENTRY_KINDS } },
            { name: 'tool', in: 'query', description: 'Only records of this tool (the action name, exact).', schema: { type: 'string', minLength: 1, maxLength: 256 } },
            { name: 'outcome', in: 'query', description: 'Only records with this decision outcome.', schema: { type: 'string', enum: OUTCOMES } },
            { name: 'from', in: 'query', description: 'Only records created at or after this time (ISO-8601 date-time with an offset, or a date: its midnight UTC).', schema: { type: 'string', format: 'date-time' } },
            { name: 'to', in: 'query', description: 'Only records created before this time (exclusive; same forms as from). Must be later than from.', schema: { type: 'string', format: 'date-time' } },
            {
              name: 'status', in: 'query',
              description: 'Only pre-checks whose call stands so (each item then carries execution_status and outcome_envelope_id; kind, if given, must be pre_check): '
                + 'in_flight (allowed, no post-check yet), awaiting_review (escalated, no verdict yet), completed (post-checked), '
                + 'blocked (the decision or a reviewer said block), outcome_unknown (forwarded, and no outcome came back by the route timeout plus the grace period).',
              schema: { type: 'string', enum: EXECUTION_STATUSES },
            },
            ...pagingParameters(AUDIT_LIST_DEFAULT_LIMIT, AUDIT_LIST_MAX_LIMIT),
          ],
          responses: { 200: { description: 'One page of records (without payloads) and the total count', schema: 'AuditList' } }, errors: [403, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const query = {
          agent_id: q.string('agent_id', new RegExp(AGENT_ID_PATTERN)),
          kind: q.oneOf('kind', ENTRY_KINDS),
          action: q.string('tool', TOOL_NAME),
          outcome: q.oneOf('outcome', OUTCOMES),
          created_after: q.dateTime('from'),
          created_before: q.dateTime('to'),
          ...q.paging(AUDIT_LIST_DEFAULT_LIMIT, AUDIT_LIST_MAX_LIMIT),
        };
        const status = q.oneOf('status', EXECUTION_STATUSES);
        // An empty or reversed window lists nothing, which reads as "no such calls": say so instead.
        if (query.created_after !== undefined && query.created_before !== undefined && query.created_before <= query.created_after) {
          q.reject('to', `must be later than from (${query.created_after})`);
        }
        q.done();
        const agents = await readScope(ctx, options.teamAgents);
        if (status !== undefined) {
          // A call's status belongs to its pre-check: any other kind with a status is a contradiction, not an empty page.
          if (query.kind !== undefined && query.kind !== 'pre_check') {
            throw new ApiError('VALIDATION_FAILED', 'Invalid query parameters: query.kind.', {
              errors: [{ path: 'query.kind', message: 'must be pre_check (or absent) when status is given: a call\'s status is read from its pre-check' }],
            });
          }
          const { items, total } = await ledger.executions({
            status, agent_id: query.agent_id, action: query.action, outcome: query.outcome, created_after: query.created_after, created_before: query.created_before,
            ...(agents === undefined ? {} : { agents }), limit: query.limit, offset: query.offset,
          });
          return { body: { items, total, limit: query.limit, offset: query.offset } };
        }
        const { rows, total } = await ledger.list(agents === undefined ? query : { ...query, agents });
        return { body: { items: rows, total, limit: query.limit, offset: query.offset } };
      },
    },
    {
      method: 'GET', path: '/v1/audit/executions/{envelope_id}',
      meta: {
        feature: 'audit_read',
        doc: {
          summary: 'Read one audit record with its payload', tags: ['audit'], parameters: [envelopePath],
          responses: { 200: { description: 'The record; payload is null once retention has expired it', schema: 'AuditRecord' } }, errors: [403, 404, 503],
        },
      },
      handler: async (ctx) => {
        const row = await ledger.get(envelopeIdParam(ctx.params.envelope_id));
        const notFound = () => new ApiError('ENVELOPE_NOT_FOUND', `No audit record with envelope id ${ctx.params.envelope_id}.`);
        if (!row) throw notFound();
        await requireInReadScope(ctx, options.teamAgents, row.agent_id, notFound);
        return { body: rowForCaller(ctx, withPayloadNote(row)) };
      },
    },
    {
      method: 'GET', path: '/v1/audit/chain/verify',
      meta: {
        feature: 'chain_verify',
        doc: {
          summary: 'Verify the hash chain (Enterprise)', tags: ['audit'],
          description: 'Walks the chain in bounded memory and names the first bad seq, checking it against the signed checkpoints, retention runs and anchor '
            + '(with this gateway\'s checkpoint key): a rewrite with recomputed hashes, rows deleted below a checkpoint, a payload dropped outside retention '
            + 'and a forged anchor all fail. Rows whose PII was erased or whose payload a signed retention run expired still verify. '
            + 'checkpoints.unprotected_rows counts the rows after the newest checkpoint, which no signature covers yet.',
          parameters: [
            { name: 'from_seq', in: 'query', description: 'First seq to verify (default 1).', schema: { type: 'integer', minimum: 1 } },
            { name: 'to_seq', in: 'query', description: 'Last seq to verify (default: the head).', schema: { type: 'integer', minimum: 1 } },
          ],
          responses: { 200: { description: 'Integrity status (valid may be false: read first_bad_seq)', schema: 'ChainVerifyReport' } }, errors: [403, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const range = { from_seq: q.optionalInteger('from_seq', 1), to_seq: q.optionalInteger('to_seq', 1) };
        q.done();
        // An inverted range checks nothing and would report valid: true, which a cron job could misread.
        if (range.from_seq !== undefined && range.to_seq !== undefined && range.from_seq > range.to_seq) {
          throw new ApiError('VALIDATION_FAILED', 'Invalid query parameters: query.to_seq.', {
            errors: [{ path: 'query.to_seq', message: `must be greater than or equal to from_seq (${range.from_seq})` }],
          });
        }
        const audit = await auditLedger(ledger, options.trustedKeys?.() ?? [], range);
        publishChainVerification(audit);
        return { body: audit };
      },
    },
    {
      method: 'GET', path: '/v1/audit/chain/checkpoints',
      meta: {
        feature: 'chain_verify',
        doc: {
          summary: 'Signed checkpoints of the chain head (Enterprise)', tags: ['audit'],
          description: 'Each checkpoint is a JWS over a seq and the chain hash at that seq, signed periodically by one gateway of the fleet. '
            + 'With the public key, an auditor proves the chain up to that seq without trusting the database: recompute the chain (govgate verify, or the script in docs/ledger.md) and compare the hash at the signed seq.',
          parameters: pagingParameters(AUDIT_LIST_DEFAULT_LIMIT, AUDIT_LIST_MAX_LIMIT),
          responses: { 200: { description: 'Checkpoints, newest first, and this gateway\'s public signing key', schema: 'ChainCheckpointList' } }, errors: [403, 503],
        },
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const paging = q.paging(AUDIT_LIST_DEFAULT_LIMIT, AUDIT_LIST_MAX_LIMIT);
        q.done();
        const items = await ledger.checkpoints(paging);
        return { body: { items, ...paging, signing_key: options.checkpointKey?.() ?? null } };
      },
    },
    {
      method: 'DELETE', path: '/v1/audit/executions/{envelope_id}/pii',
      meta: {
        feature: 'audit_erase',
        doc: {
          summary: 'Erase the PII in an audit record', tags: ['audit'], parameters: [envelopePath],
          description: 'Masks every personal-data field of the stored payload as "[erased]". The hash chain metadata stays and verification still passes. Idempotent.',
          responses: { 200: { description: 'What was erased', schema: 'PiiErasure' } }, errors: [403, 404, 503],
        },
      },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.envelope_id);
        const notFound = () => new ApiError('ENVELOPE_NOT_FOUND', `No audit record with envelope id ${ctx.params.envelope_id}.`);
        const row = await ledger.get(id);
        if (!row) throw notFound();
        await requireInReadScope(ctx, options.teamAgents, row.agent_id, notFound);
        const result = await ledger.erasePii(id);
        if (!result) throw notFound();
        // Who asked is part of the record; a repeat changes nothing and adds nothing.
        if (!result.already_erased) await options.access?.record(ctx, 'pii_erased', { envelope_id: id, erased_paths: result.erased_paths }, row.agent_id);
        return { body: { ...result, chain_intact: true } };
      },
    },
  ];
}

function withPayloadNote(row: LedgerRow): LedgerRow & { payload_note?: string } {
  if (row.payload_state === 'expired') {
    return { ...row, payload_note: 'The full payload is no longer available: payloads are kept 90 days, metadata 7 years.' };
  }
  if (row.payload_state === 'erased') {
    return { ...row, payload_note: `Personal data was erased on request from: ${row.pii_paths.join(', ')}.` };
  }
  return row;
}

const chainVerifyChannel = diagnostics_channel.channel('gateway:chain:verify');

/** The result of every verification, for alerts (a failed one always alerts). */
function publishChainVerification(report: { valid: boolean; problem: string | null; first_bad_seq: number | null; detail: string | null }): void {
  if (chainVerifyChannel.hasSubscribers) {
    chainVerifyChannel.publish({ valid: report.valid, problem: report.problem, first_bad_seq: report.first_bad_seq, detail: report.detail });
  }
}
