// /v1/internal: what sidecars without database credentials record and read through, served by
// the central gateway (PostgreSQL) only. Appends carry entries, never seq or hashes: the central
// ledger computes those, group-committing what the whole fleet sends together. Every entry records
// the credential that sent it (payload.recorded_by). The fleet state (kill switch, policy version)
// is long-polled with If-None-Match, so a flip reaches every sidecar within one round trip.

import { createHash } from 'node:crypto';
import { ApiError, prefersMinimalReturn, type RequestContext, type Route } from '../http/index.ts';
import { ENTRY_KINDS, toSummary, type Ledger, type LedgerEntry } from '../ledger/index.ts';
import { INTERNAL_PATHS } from '../central/index.ts';
import { INTERNAL_APPEND_MAX_ENTRIES, validateRequest, type OperationDoc } from '../schemas/index.ts';
import type { KillSwitch, PolicySource } from '../runtime/index.ts';
import { QueryReader, envelopeIdParam, pagingParameters } from './query-params.ts';
import type { AgentMismatch } from '../auth/index.ts';
import { recentAgents, requireEntriesInScope } from './internal-append-scope.ts';
import { internalReadScope } from './internal-read-scope.ts';
import { mayAnnounce } from '../notify/index.ts';

export const FLEET_STATE_MAX_WAIT_SECONDS = 30;
const FEATURE = 'ledger_internal';
const AGENT = /^[\w\-.]{1,256}$/;

export interface InternalRouteDeps {
  ledger: Ledger;
  killSwitch: KillSwitch;
  policies: PolicySource;
  /** Aborted when the gateway shuts down: long-polls answer at once instead of holding it up. */
  closing: AbortSignal;
  /** Records an agent-bound sidecar credential appending another agent's entries. */
  recordMismatch?(mismatch: AgentMismatch): Promise<void>;
  /**
   * Appended rows that may announce something (an escalation, a tool pin...): the sidecar that
   * decided has no notification outbox, so this gateway queues their events.
   */
  announceAppended?(envelopeIds: readonly string[]): void;
}

const SCOPE_NOTE = 'An agent-bound credential reads its agents\' rows, the rows the fleet shares (kill switch, tool pins, tool changes) and the rows linked to those; another agent\'s row by id is null, a query naming another agent or none is 403 AGENT_OUT_OF_SCOPE.';
const doc = (summary: string, description: string, extra: Partial<OperationDoc> = {}): OperationDoc => ({
  summary, description: `Internal: for sidecars (CENTRAL_GATEWAY_URL), not a public API; needs the ledger_internal feature (Enterprise). ${description}`,
  tags: ['internal'], responses: {}, errors: [403, 503], ...extra,
});
const envelopeParam = { name: 'envelope_id', in: 'path' as const, required: true, description: 'An envelope id.', schema: { type: 'string', format: 'uuid' } };
const kindParam = (required: boolean) => ({ name: 'kind', in: 'query' as const, required, description: 'An entry kind.', schema: { type: 'string', enum: ENTRY_KINDS } });

export function internalRoutes(deps: InternalRouteDeps): Route[] {
  const { ledger, killSwitch, policies } = deps;
  const appendedAgents = recentAgents();
  const recordMismatch = deps.recordMismatch ?? (async () => {});
  // An agent-bound sidecar credential reads its agent's rows and what the fleet shares only.
  const readScope = (ctx: RequestContext) => internalReadScope(ctx, ledger, recordMismatch, appendedAgents);
  return [
    {
      method: 'POST', path: INTERNAL_PATHS.append,
      meta: {
        feature: FEATURE,
        bodyDocuments: INTERNAL_APPEND_MAX_ENTRIES,
        doc: doc('Append a sidecar\'s ledger entries', 'Entries that arrive together from the whole fleet share one transaction. One result per entry, in order; a refused entry (duplicate post-check) does not fail the others. With `Prefer: return=minimal` (what sidecars send) each row comes back without its payload, the answer carries `recorded_by` (the only field this gateway adds to a payload) and `Preference-Applied: return=minimal`; the stored payload is then exactly the sent one plus `recorded_by`.', {
          request: 'InternalAppendRequest',
          parameters: [{ name: 'Prefer', in: 'header', description: '`return=minimal`: rows without their payloads (RFC 7240). Anything else, or none: full rows.', schema: { type: 'string' } }],
          responses: { 200: { description: 'One result per entry', schema: 'InternalAppendResponse' } },
        }),
      },
      handler: async (ctx) => {
        const { entries } = validateRequest<{ entries: LedgerEntry[] }>('InternalAppendRequest', await ctx.json());
        // A sidecar credential bound to its agent writes that agent's entries only: nothing of the request is recorded otherwise.
        await requireEntriesInScope(ctx, ledger, entries, recordMismatch, appendedAgents);
        const recordedBy = recorder(ctx);
        const settled = await Promise.allSettled(entries.map((entry) => ledger.append({ ...entry, payload: { ...entry.payload, recorded_by: recordedBy } })));
        settled.forEach((result, i) => { if (result.status === 'fulfilled') appendedAgents.set(entries[i]!.envelope_id, { agentId: entries[i]!.agent_id }); });
        const unavailable = settled.find((result) => result.status === 'rejected' && result.reason instanceof ApiError);
        // The store cannot record at all: the whole request fails (503) and the sidecar fails closed.
        if (unavailable?.status === 'rejected') throw unavailable.reason;
        deps.announceAppended?.(entries.filter((entry, i) => settled[i]!.status === 'fulfilled' && mayAnnounce(entry.kind, entry.outcome)).map((entry) => entry.envelope_id));
        // A sidecar has the payloads it sent: with Prefer: return=minimal each row comes back
        // without its payload (2 - 3 KB a row neither serialized here nor parsed there), and
        // recorded_by, the one field this gateway added, once.
        const minimal = prefersMinimalReturn(ctx.req.headers.prefer);
        const results = settled.map((result) => result.status === 'fulfilled'
          ? { row: minimal ? toSummary(result.value) : result.value }
          : { error: { code: String((result.reason as { code?: unknown }).code ?? 'LEDGER_WRITE_FAILED'), detail: (result.reason as Error).message } });
        const headers: Record<string, string> = { vary: 'Prefer' };
        if (!minimal) return { body: { results }, headers };
        headers['preference-applied'] = 'return=minimal';
        return { body: { results, recorded_by: recordedBy }, headers };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.rowTemplate,
      meta: { feature: FEATURE, doc: doc('Read one row', `null when there is no such row. ${SCOPE_NOTE}`, { parameters: [envelopeParam], responses: { 200: { description: 'The row or null', schema: 'InternalRow' } } }) },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.envelope_id);
        return { body: { row: (await readScope(ctx).row(await ledger.get(id))) ?? null } };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.childTemplate,
      meta: { feature: FEATURE, doc: doc('The first row of a kind linked to a parent', `Post-check idempotency. ${SCOPE_NOTE}`, { parameters: [envelopeParam, kindParam(true)], responses: { 200: { description: 'The row or null', schema: 'InternalRow' } } }) },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.envelope_id);
        const kind = requiredKind(ctx);
        return { body: { row: (await readScope(ctx).child(id, await ledger.findChild(id, kind))) ?? null } };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.childrenTemplate,
      meta: {
        feature: FEATURE,
        doc: doc('Every row linked to a parent', `A review item's claims, notes and verdict, read by a sidecar that holds an escalated call. ${SCOPE_NOTE}`, {
          parameters: [envelopeParam, { name: 'limit', in: 'query', description: 'At most this many rows (default and maximum 1000).', schema: { type: 'integer', minimum: 1, maximum: 1000 } }],
          responses: { 200: { description: 'The rows, oldest first', schema: 'InternalChildren' } },
        }),
      },
      handler: async (ctx) => {
        const id = envelopeIdParam(ctx.params.envelope_id);
        const q = new QueryReader(ctx.query);
        const limit = q.integer('limit', { fallback: 1000, min: 1, max: 1000 });
        q.done();
        return { body: { rows: await readScope(ctx).parent(id) ? await ledger.children(id, limit) : [] } };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.latest,
      meta: {
        feature: FEATURE,
        doc: doc('The newest row of a kind', `The kill switch's current row. ${SCOPE_NOTE}`, { parameters: [kindParam(true)], responses: { 200: { description: 'The row or null', schema: 'InternalRow' } } }),
      },
      handler: async (ctx) => {
        const kind = requiredKind(ctx);
        await readScope(ctx).query(kind, null);
        return { body: { row: (await ledger.latest(kind)) ?? null } };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.rows,
      meta: {
        feature: FEATURE,
        doc: doc('List row summaries, newest first', `Tool pins are read back with it at a sidecar's start. ${SCOPE_NOTE}`, {
          parameters: [kindParam(false), { name: 'agent_id', in: 'query', description: 'Only this agent.', schema: { type: 'string' } }, ...pagingParameters(100, 500)],
          responses: { 200: { description: 'One page', schema: 'InternalRowList' } },
        }),
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const query = { kind: q.oneOf('kind', ENTRY_KINDS), agent_id: q.string('agent_id', AGENT), ...q.paging(100, 500) };
        q.done();
        await readScope(ctx).query(query.kind, query.agent_id ?? null);
        return { body: await ledger.list(query) };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.recentOutcomes,
      meta: {
        feature: FEATURE,
        doc: doc('An agent\'s most recent decided rows, newest first', `What the reliability score is computed from. ${SCOPE_NOTE}`, {
          parameters: [{ name: 'agent_id', in: 'query', required: true, description: 'The agent.', schema: { type: 'string' } }, { name: 'limit', in: 'query', required: true, description: 'How many.', schema: { type: 'integer', minimum: 1, maximum: 1000 } }],
          responses: { 200: { description: 'Outcomes', schema: 'InternalRecentOutcomes' } },
        }),
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const agentId = q.string('agent_id', AGENT);
        const limit = q.integer('limit', { fallback: 50, min: 1, max: 1000 });
        if (agentId === undefined) throw missing('agent_id');
        q.done();
        await readScope(ctx).query(undefined, agentId);
        return { body: { outcomes: await ledger.recentOutcomes(agentId, limit) } };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.head,
      meta: { feature: FEATURE, doc: doc('The chain head, and whether the central ledger can record', 'A sidecar\'s /health asks this.', { responses: { 200: { description: 'The head', schema: 'InternalLedgerHead' } } }) },
      handler: async () => {
        const [head, reachable] = await Promise.all([ledger.head(), ledger.ping().catch(() => false)]);
        return { headers: { 'cache-control': 'no-store' }, body: { ...head, reachable } };
      },
    },
    {
      method: 'GET', path: INTERNAL_PATHS.fleetState,
      meta: {
        feature: FEATURE,
        doc: doc('The fleet state sidecars follow (kill switch, policy version), long-polled', `With If-None-Match naming the current ETag and ?wait=N (at most ${FLEET_STATE_MAX_WAIT_SECONDS}), answers when the kill switch changes, or 304 after N seconds.`, {
          parameters: [{ name: 'wait', in: 'query', description: `Seconds to wait for a change (0..${FLEET_STATE_MAX_WAIT_SECONDS}).`, schema: { type: 'integer', minimum: 0, maximum: FLEET_STATE_MAX_WAIT_SECONDS, default: 0 } }],
          responses: { 200: { description: 'The current state', schema: 'FleetState' }, 304: { description: 'Unchanged during the wait' } },
        }),
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const wait = q.integer('wait', { fallback: 0, min: 0, max: FLEET_STATE_MAX_WAIT_SECONDS });
        q.done();
        const known = ctx.req.headers['if-none-match'];
        if (known !== undefined && known === etagOf(fleetState(killSwitch, policies)) && wait > 0) {
          await changeOrTimeout(killSwitch, wait * 1000, ctx, deps.closing);
        }
        const state = fleetState(killSwitch, policies);
        const etag = etagOf(state);
        if (known === etag) return { status: 304, headers: { etag, 'cache-control': 'no-store' } };
        return { headers: { etag, 'cache-control': 'no-store' }, body: { ...state, etag } };
      },
    },
  ];
}

function fleetState(killSwitch: KillSwitch, policies: PolicySource) {
  return { kill_switch: killSwitch.state, policy_version: policies.current().version };
}

function etagOf(state: ReturnType<typeof fleetState>): string {
  const digest = createHash('sha256').update(`${state.kill_switch.envelope_id ?? 'none'}\u0000${state.kill_switch.active}\u0000${state.policy_version}`).digest('hex');
  return `"${digest.slice(0, 24)}"`;
}

function changeOrTimeout(killSwitch: KillSwitch, ms: number, ctx: RequestContext, closing: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      unsubscribe();
      ctx.res.off('close', done);
      closing.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = killSwitch.onChange(done);
    // The response's close, not the request's: a GET's request stream closes as soon as it is read.
    ctx.res.once('close', done);
    closing.addEventListener('abort', done, { once: true });
    if (closing.aborted) done();
  });
}

function requiredKind(ctx: RequestContext) {
  const q = new QueryReader(ctx.query);
  const kind = q.oneOf('kind', ENTRY_KINDS);
  q.done();
  if (kind === undefined) throw missing('kind');
  return kind;
}

function missing(name: string): ApiError {
  return new ApiError('VALIDATION_FAILED', `Invalid query parameters: query.${name}.`, { errors: [{ path: `query.${name}`, message: 'is required' }] });
}

/** Who sent the entries, as the ledger keeps it: `api_key:<id>` or `jwt:<sub>`. */
function recorder(ctx: RequestContext): { principal: string; tier: string } {
  const principal = ctx.principal;
  return { principal: principal ? `${principal.kind}:${principal.subject}` : 'anonymous', tier: principal?.tier ?? 'unknown' };
}
