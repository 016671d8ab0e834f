// /v1/alerts: what is firing, what fired, the rules in force, and a person's acknowledgement or
// silence (recorded in the ledger with who, before the alert changes).

import { ApiError, type Route } from '../http/index.ts';
import { eventEntry, type Ledger } from '../ledger/index.ts';
import type { AlertRules, AlertStore } from '../insight/alerts/index.ts';
import { parseDurationSeconds } from '../policy/review-duration.ts';
import type { ReloadStatus } from '../config/reload-core.ts';
import { validateRequest, type SchemaName } from '../schemas/index.ts';
import { QueryReader, pagingParameters } from './query-params.ts';
import { actorOf } from './actor.ts';
import { requireFleetWide, type TeamAgents } from './team-scope.ts';

const MAX_SILENCE_SECONDS = 7 * 86_400;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AlertRouteDeps {
  store: AlertStore;
  ledger: Ledger;
  rules: () => AlertRules;
  reload: () => ReloadStatus;
  versions: () => { policy_version: string; score_version: string };
  now?: () => number;
  /** Team scoping (team-scope.ts): silencing is for fleet-wide credentials. */
  teamAgents?: TeamAgents;
}

export function alertRoutes(deps: AlertRouteDeps): Route[] {
  const now = deps.now ?? Date.now;
  const doc = (summary: string, schema: SchemaName, extra: object = {}) => ({ summary, tags: ['alerts'], responses: { 200: { description: summary, schema } }, errors: [403, 422, 503], ...extra });
  return [
    {
      method: 'GET', path: '/v1/alerts/active',
      meta: { feature: 'alerts', doc: doc('Alerts firing now, newest first', 'AlertList') },
      handler: async (ctx) => {
        new QueryReader(ctx.query).done();
        return { body: { alerts: await deps.store.active() } };
      },
    },
    {
      method: 'GET', path: '/v1/alerts/history',
      meta: {
        feature: 'alerts',
        doc: doc('Every alert, firing or resolved, newest first', 'AlertList', {
          parameters: [{ name: 'rule', in: 'query', description: 'Only this rule.', schema: { type: 'string' } }, ...pagingParameters(50, 500)],
        }),
      },
      handler: async (ctx) => {
        const q = new QueryReader(ctx.query);
        const rule = q.string('rule', /^[a-z][a-z0-9_]{0,62}$/);
        const paging = q.paging(50, 500);
        q.done();
        const { alerts, total } = await deps.store.history({ ...paging, rule });
        return { body: { alerts, total, ...paging } };
      },
    },
    {
      method: 'GET', path: '/v1/alerts/rules',
      meta: { feature: 'alerts', doc: doc('The alert rules in force (config/alerts.yaml) and the events that always alert', 'AlertRuleList') },
      handler: async (ctx) => {
        new QueryReader(ctx.query).done();
        const { rules, events } = deps.rules();
        return { body: { rules, events, reload: deps.reload() } };
      },
    },
    {
      method: 'POST', path: '/v1/alerts/{id}/ack',
      meta: {
        feature: 'alerts',
        doc: {
          summary: 'Acknowledge an alert, optionally silencing its rule for a while', tags: ['alerts'], request: 'AlertAckRequest',
          description: 'Recorded first as a ledger row (kind alert_ack) naming who; then the alert carries acked_by and acked_at. With `silence`, the rule\'s next transitions until then are stored but not published on gateway:alert (no notifications).',
          parameters: [{ name: 'id', in: 'path', required: true, description: 'The alert id.', schema: { type: 'string', format: 'uuid' } }],
          responses: { 200: { description: 'The alert after the acknowledgement', schema: 'Alert' } },
          errors: [403, 404, 422, 503],
        },
      },
      handler: async (ctx) => {
        const id = ctx.params.id ?? '';
        if (!UUID.test(id)) throw new ApiError('ALERT_NOT_FOUND', `"${id}" is not an alert id.`);
        const body = validateRequest<{ note?: string; silence?: string; by?: string }>('AlertAckRequest', await ctx.json());
        const silenceSeconds = body.silence === undefined ? undefined : parseDurationSeconds(body.silence);
        if (body.silence !== undefined && (silenceSeconds === undefined || silenceSeconds > MAX_SILENCE_SECONDS)) {
          throw new ApiError('VALIDATION_FAILED', 'Invalid request: silence.', { errors: [{ path: 'silence', message: 'must be a duration from 1s to 7d (e.g. 30m, 4h)' }] });
        }
        // Silencing keeps everyone's notifications of the rule quiet: not a team's call to make.
        if (silenceSeconds !== undefined) await requireFleetWide(ctx, deps.teamAgents, 'Silencing an alert');
        const alert = await deps.store.get(id.toLowerCase());
        if (!alert) throw new ApiError('ALERT_NOT_FOUND', `No alert with id ${id}.`);
        const by = actorOf(ctx, body.by);
        const at = new Date(now());
        const silencedUntil = silenceSeconds === undefined ? null : new Date(at.getTime() + silenceSeconds * 1000);
        const row = await deps.ledger.append(eventEntry({
          kind: 'alert_ack', agentId: null, action: silencedUntil ? 'silence' : 'ack', versions: deps.versions(),
          payload: { alert_id: alert.id, rule: alert.rule, severity: alert.severity, actor: by, note: body.note ?? null, silenced_until: silencedUntil?.toISOString() ?? null },
        }));
        return { body: await deps.store.acknowledge(alert.id, { by, at, silencedUntil, envelopeId: row.envelope_id }) };
      },
    },
  ];
}
