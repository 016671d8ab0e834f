// The body of a webhook request: the event as JSON (`json`), or a Slack-compatible message
// (`slack`: `text` for notifications and clients without blocks, `blocks` for the layout) that an
// incoming-webhook URL of Slack, Mattermost or Rocket.Chat accepts as is.

import type { WebhookFormat } from './notification-config.ts';
import type { NotificationEvent } from './notification-event.ts';

export function webhookBody(format: WebhookFormat, event: NotificationEvent): string {
  return JSON.stringify(format === 'slack' ? slackMessage(event) : event);
}

export interface SlackMessage {
  text: string;
  blocks: Array<Record<string, unknown>>;
}

export function slackMessage(event: NotificationEvent): SlackMessage {
  const text = escape(headline(event));
  const fields = Object.entries({
    agent: event.agent_id, tier: event.risk_tier, tool: str(event.data.tool), by: str(event.data.by),
    outcome: str(event.data.outcome), deadline: str(event.data.review_deadline), envelope: str(event.data.envelope_id) ?? event.source_envelope_id,
  }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  const blocks: Array<Record<string, unknown>> = [{ type: 'section', text: { type: 'mrkdwn', text: `*${text}*` } }];
  // Slack allows at most 10 fields in a section.
  if (fields.length > 0) blocks.push({ type: 'section', fields: fields.slice(0, 10).map(([name, value]) => ({ type: 'mrkdwn', text: `*${name}*\n${escape(value)}` })) });
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `${event.type} · ${event.occurred_at} · event ${event.id}` }] });
  return { text, blocks };
}

function headline(event: NotificationEvent): string {
  const d = event.data;
  const who = event.agent_id ? ` (agent ${event.agent_id})` : '';
  switch (event.type) {
    case 'review.created': return `Review needed: ${str(d.tool) ?? 'a call'}${who}, ${event.risk_tier ?? 'unknown'} risk`;
    case 'review.claimed': return `Review claimed by ${str(d.assignee) ?? str(d.by) ?? 'someone'}: ${str(d.tool) ?? 'a call'}${who}`;
    case 'review.decided': return `Review decided (${str(d.outcome) ?? 'done'}) by ${str(d.by) ?? 'someone'}: ${str(d.tool) ?? 'a call'}${who}`;
    case 'review.expiring': return `Review expires at ${str(d.review_deadline) ?? 'its deadline'}: ${str(d.tool) ?? 'a call'}${who}`;
    case 'review.expired': return `Review expired (${str(d.outcome) ?? 'block'}): ${str(d.tool) ?? 'a call'}${who}`;
    case 'kill_switch.changed': return `Kill switch ${d.active === true ? 'ACTIVATED' : 'deactivated'} by ${str(d.actor) ?? 'someone'}: ${str(d.reason) ?? ''}`.trim();
    case 'tool_pin.changed': return `Tool definition ${str(d.status) ?? 'changed'}: ${str(d.tool) ?? '?'} on route ${str(d.route) ?? '?'}`;
    case 'chain.verify_failed': return `Ledger chain verification FAILED: ${str(d.problem) ?? 'problem'} at seq ${String(d.first_bad_seq ?? '?')}`;
    case 'judge.retroactive_escalation': return `Released output escalated by the LLM judge (score ${String(d.score ?? '?')})${who}`;
    case 'execution.outcome_unknown': return `Execution outcome unknown${who}: ${str(d.tool) ?? str(d.action) ?? ''}`.trim();
    case 'alert.firing': return `Alert firing${alertLine(d)}`;
    case 'alert.resolved': return `Alert resolved${alertLine(d)}`;
  }
}

/** What gateway:alert publishes (src/insight/alerts/alert-events.ts): the rule, its severity, summary and figures. */
function alertLine(d: Record<string, unknown>): string {
  const severity = str(d.severity) ? ` (${str(d.severity)})` : '';
  const figures = typeof d.value === 'number' && typeof d.threshold === 'number' ? ` (value ${d.value}, threshold ${d.threshold})` : '';
  return `${severity}: ${str(d.rule) ?? 'alert'}${str(d.summary) ? ` - ${str(d.summary)}` : ''}${figures}`;
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Slack's mrkdwn treats &, < and > as markup: agent-supplied text must not inject links or mentions. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
