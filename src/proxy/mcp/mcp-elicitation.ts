// MCP elicitation for `on_escalation: elicit`: the sidecar, standing in for the server on the
// agent's session, asks the user in the MCP client whether an escalated call may go ahead
// (`elicitation/create`), and treats the answer as the review verdict. Streamable HTTP carries a
// server's request on the SSE stream of the POST it concerns, so the tools/call answer turns into
// an event stream: the question goes out on it, the client POSTs its answer as a JSON-RPC
// response (taken here, never forwarded), and the call's result follows on the same stream.
// Which sessions may be asked is learnt from `initialize`: only a client that declared the
// elicitation capability is, on the session id the server gave it.

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { formatSse } from './sse-stream.ts';
import type { JsonRpcResponse } from './json-rpc.ts';

/** What the user did; `unanswered`: no answer within the time, the agent left, or the client refused. */
export type ElicitAction = 'accept' | 'decline' | 'cancel' | 'unanswered';

export interface ElicitAnswer {
  action: ElicitAction;
  content?: Record<string, unknown>;
  /** Why it is unanswered. */
  detail?: string;
}

export interface ElicitQuestion {
  message: string;
  seconds: number;
  /** The escalated pre-check: sent as X-Governance-Pre-Check when the stream opens. */
  envelopeId: string;
}

export type Elicitor = (question: ElicitQuestion, signal?: AbortSignal) => Promise<ElicitAnswer>;

/** The form the user answers: one yes/no field. */
export const APPROVAL_SCHEMA = {
  type: 'object',
  properties: { approve: { type: 'boolean', title: 'Approve this call', description: 'Yes lets the agent make this call once; no blocks it.' } },
  required: ['approve'],
} as const;

/** Sessions remembered at most; the oldest are forgotten first (they then fall back). */
const MAX_SESSIONS = 10_000;

/** An answer the tools/call response turned into an event stream to carry. */
export class EventStreamAnswer {
  readonly #res: ServerResponse;
  #opened = false;

  constructor(res: ServerResponse) {
    this.#res = res;
  }

  get opened(): boolean {
    return this.#opened;
  }

  open(headers: Record<string, string>): void {
    if (this.#opened) return;
    this.#opened = true;
    this.#res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    this.#res.flushHeaders();
  }

  async send(message: unknown): Promise<void> {
    if (!this.#res.write(formatSse({ event: 'message', data: [JSON.stringify(message)], comments: [] }))) await once(this.#res, 'drain');
  }

  async finish(message: unknown): Promise<void> {
    await this.send(message);
    this.#res.end();
  }
}

export class McpElicitations {
  /** session id -> whether its client declared the elicitation capability. */
  readonly #sessions = new Map<string, boolean>();
  readonly #pending = new Map<string, { session: string; settle: (answer: ElicitAnswer) => void }>();

  /** After an `initialize` the server answered: remember what the client declared on the session it got. */
  noteInitialize(params: unknown, responseHeaders: IncomingHttpHeaders): void {
    const session = responseHeaders['mcp-session-id'];
    if (typeof session !== 'string' || session === '') return;
    const capabilities = (params as { capabilities?: { elicitation?: unknown } } | undefined)?.capabilities;
    const elicitation = typeof capabilities?.elicitation === 'object' && capabilities.elicitation !== null;
    this.#sessions.delete(session);
    this.#sessions.set(session, elicitation);
    if (this.#sessions.size > MAX_SESSIONS) this.#sessions.delete(this.#sessions.keys().next().value!);
  }

  canElicit(session: string | undefined): session is string {
    return session !== undefined && this.#sessions.get(session) === true;
  }

  forget(session: string): void {
    this.#sessions.delete(session);
  }

  /** True when `message` answers one of our questions on `session` (it is then not forwarded). */
  answer(session: string | undefined, message: JsonRpcResponse): boolean {
    if (typeof message.id !== 'string') return false;
    const pending = this.#pending.get(message.id);
    if (!pending || pending.session !== session) return false;
    this.#pending.delete(message.id);
    pending.settle(answerOf(message));
    return true;
  }

  /** An Elicitor asking on `session` through `stream` (opened on the first question). */
  elicitor(session: string, stream: EventStreamAnswer, headers: () => Record<string, string>): Elicitor {
    return async (question, signal) => {
      const id = `govgate-elicit-${randomUUID()}`;
      const answered = new Promise<ElicitAnswer>((resolve) => {
        const timer = setTimeout(() => settle({ action: 'unanswered', detail: `no answer within ${question.seconds} s` }), question.seconds * 1000);
        const onAbort = (): void => settle({ action: 'unanswered', detail: 'the agent closed the connection' });
        const settle = (answer: ElicitAnswer): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          this.#pending.delete(id);
          resolve(answer);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#pending.set(id, { session, settle });
        if (signal?.aborted) onAbort();
      });
      stream.open({ ...headers(), 'x-governance-pre-check': question.envelopeId, 'mcp-session-id': session });
      await stream.send({
        jsonrpc: '2.0', id, method: 'elicitation/create',
        params: { message: question.message, requestedSchema: APPROVAL_SCHEMA },
      });
      return answered;
    };
  }
}

function answerOf(message: JsonRpcResponse): ElicitAnswer {
  if (message.error !== undefined) {
    const error = message.error as { message?: unknown };
    return { action: 'unanswered', detail: `the client answered with an error: ${String(error.message ?? 'unknown')}` };
  }
  const result = (message.result ?? {}) as { action?: unknown; content?: unknown };
  if (result.action === 'accept' || result.action === 'decline' || result.action === 'cancel') {
    const content = typeof result.content === 'object' && result.content !== null && !Array.isArray(result.content) ? result.content as Record<string, unknown> : undefined;
    return { action: result.action, ...(content ? { content } : {}) };
  }
  return { action: 'unanswered', detail: 'the client answered something that is not an elicitation result' };
}
