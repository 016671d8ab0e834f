// `govgate review list | show | claim | approve | reject`: the review queue for people who live in
// a terminal. It talks to a running gateway's API (--url / GOVGATE_URL, --token / GOVGATE_TOKEN),
// so it works against any replica and every action is recorded as the token's principal.

import { UsageError } from './serve-command.ts';

export const REVIEW_USAGE = `usage: govgate review list [--status S] [--json]
       govgate review show <envelope id> [--wait SECONDS] [--json]
       govgate review claim <envelope id> [--note TEXT]
       govgate review approve <envelope id> --note TEXT [--grant once|session|ttl] [--json]
       govgate review reject <envelope id> --note TEXT [--json]
  --url URL (GOVGATE_URL, default http://127.0.0.1:8765)   --token T (GOVGATE_TOKEN)`;

export interface ReviewOptions {
  url?: string;
  token?: string;
  status?: string;
  note?: string;
  wait?: string;
  grant?: string;
  json?: boolean;
}

interface Answer { status: number; body: any }

export async function reviewCommand(args: string[], options: ReviewOptions, out: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const [action, id, ...rest] = args;
  if (!action || rest.length > 0) throw new UsageError(REVIEW_USAGE);
  const base = (options.url ?? process.env.GOVGATE_URL ?? 'http://127.0.0.1:8765').replace(/\/+$/, '');
  const token = options.token ?? process.env.GOVGATE_TOKEN;
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    // Both credential headers, as the client library sends them: each variant reads its own.
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) Object.assign(headers, { authorization: `Bearer ${token}`, 'x-service-token': token });
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const needId = (): string => {
    if (!id) throw new UsageError(REVIEW_USAGE);
    return encodeURIComponent(id);
  };
  const needNote = (): string => {
    if (!options.note) throw new UsageError(`govgate review ${action} needs --note (why: it is recorded in the ledger)`);
    return options.note;
  };

  let answer: Answer;
  switch (action) {
    case 'list': {
      if (id) throw new UsageError(REVIEW_USAGE);
      answer = await call('GET', `/v1/review/queue${options.status ? `?status=${encodeURIComponent(options.status)}` : ''}`);
      if (answer.status === 200 && !options.json) {
        out(formatQueue(answer.body.items));
        return 0;
      }
      break;
    }
    case 'show': {
      const wait = options.wait ? `?wait=${encodeURIComponent(options.wait)}` : '';
      answer = await call('GET', `/v1/review/queue/${needId()}${wait}`);
      if (answer.status === 200 && !options.json) {
        out(formatItem(answer.body));
        return 0;
      }
      break;
    }
    case 'claim':
      answer = await call('POST', `/v1/review/queue/${needId()}/claim`, options.note ? { note: options.note } : {});
      break;
    case 'approve':
    case 'reject':
      answer = await call('POST', `/v1/review/queue/${needId()}/resolution`, {
        outcome: action, note: needNote(), ...(options.grant ? { grant: { scope: options.grant } } : {}),
      });
      break;
    default:
      throw new UsageError(REVIEW_USAGE);
  }
  if (answer.status >= 400) {
    process.stderr.write(`govgate: ${answer.status} ${answer.body?.code ?? ''}: ${answer.body?.detail ?? 'request failed'}\n`);
    return 1;
  }
  if (options.json) out(`${JSON.stringify(answer.body, null, 2)}\n`);
  else if (action === 'claim') out(`${id} claimed by ${answer.body.claimed_by}\n`);
  else out(`${id} ${answer.body.status}${answer.body.decided === false ? ` (${answer.body.approvals.length} of ${answer.body.required_approvals} approvals)` : ''}\n`);
  return 0;
}

function formatQueue(items: Array<Record<string, any>>): string {
  if (items.length === 0) return 'The review queue is empty.\n';
  const rows = items.map((i) => [i.envelope_id, i.status + (i.overdue ? ' (overdue)' : ''), i.risk_tier ?? '-', i.agent_id ?? '-', i.action ?? '-', i.claimed_by ?? '-', i.review_deadline ?? '-']);
  const header = ['ENVELOPE', 'STATUS', 'TIER', 'AGENT', 'TOOL', 'CLAIMED BY', 'DEADLINE'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => String(r[c]).length)));
  return [header, ...rows].map((r) => r.map((cell, c) => String(cell).padEnd(widths[c])).join('  ').trimEnd()).join('\n') + '\n';
}

function formatItem(item: Record<string, any>): string {
  if (item.tool_change) return formatToolChange(item);
  const lines = [
    `${item.envelope_id}  ${item.status}${item.overdue ? ' (overdue)' : ''}`,
    `agent ${item.call.agent_id}  tool ${item.call.tool}  tier ${item.call.risk?.tier ?? '-'}  deadline ${item.review_deadline ?? '-'}`,
    `arguments ${JSON.stringify(item.call.arguments)}`,
    `decision ${item.call.decision?.outcome}: ${item.call.decision?.reason}`,
    `claimed by ${item.claimed_by ?? '-'}  approvals ${item.approvals.length}/${item.required_approvals}  requested by ${item.requested_by ?? '-'}`,
    ...item.history.map((h: any) => `  ${h.at}  ${h.action} by ${h.by}${h.note ? `: ${h.note}` : ''}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** A changed MCP tool definition: what a reviewer needs is the diff. */
function formatToolChange(item: Record<string, any>): string {
  const change = item.tool_change;
  const lines = [
    `${item.envelope_id}  ${item.status}  tool definition change`,
    `tool ${change.tool}  route ${change.route}  server ${change.upstream ?? '-'}`,
    `pinned ${change.old_hash}`,
    `new    ${change.new_hash}`,
    `approvals ${item.approvals.length}/${item.required_approvals}; approving accepts the new definition on every sidecar`,
    '',
    String(change.diff?.unified ?? '').trimEnd(),
    ...item.history.map((h: any) => `  ${h.at}  ${h.action} by ${h.by}${h.note ? `: ${h.note}` : ''}`),
  ];
  return `${lines.join('\n')}\n`;
}
