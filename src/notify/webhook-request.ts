// One try of one delivery: POST the rendered body, signed, within the timeout. Any 2xx is
// delivered; anything else (a status, a timeout, a refused connection) is a failure with its
// reason, for the outbox to retry. The receiver's body is read (bounded) and dropped.

import { lazyAgent, requestUrl, type LazyAgent } from '../http/lazy-undici.ts';
import type { Webhook } from './notification-config.ts';
import type { NotificationEvent } from './notification-event.ts';
import { webhookBody } from './webhook-body.ts';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature.ts';

export interface TryResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** What a failing receiver may say back, kept for the operator (last_error). */
const MAX_RESPONSE_TEXT = 512;

export function createWebhookAgent(): LazyAgent {
  return lazyAgent({ keepAliveTimeout: 10_000, connections: 16 });
}

export async function sendWebhook(agent: LazyAgent, webhook: Webhook, event: NotificationEvent, deliveryId: string, timeoutMs: number, userAgent: string, stop: AbortSignal): Promise<TryResult> {
  const body = webhookBody(webhook.format, event);
  const t = Math.floor(Date.now() / 1000);
  try {
    const response = await requestUrl(await agent.get(), webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': userAgent,
        [SIGNATURE_HEADER]: signatureHeader(webhook.secret, body, t),
        [EVENT_HEADER]: event.type,
        [DELIVERY_HEADER]: deliveryId,
      },
      body,
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // No redirect interceptor: a 3xx is a failure, never a signed body sent somewhere else.
    });
    const text = await readBounded(response.body);
    if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true, status: response.statusCode, error: null };
    return { ok: false, status: response.statusCode, error: `HTTP ${response.statusCode}${text ? `: ${text}` : ''}` };
  } catch (error) {
    const err = error as Error & { code?: string };
    const reason = stop.aborted ? 'the gateway stopped during the request'
      : err.name === 'TimeoutError' || err.name === 'AbortError' || err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT'
        ? `timeout after ${timeoutMs} ms` : `${err.code ?? err.name}: ${err.message}`;
    return { ok: false, status: null, error: reason };
  }
}

async function readBounded(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size < MAX_RESPONSE_TEXT) chunks.push(chunk);
    size += chunk.length;
    if (size > 64 * 1024) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE_TEXT).replace(/\s+/g, ' ').trim();
}
