// The signature on every webhook request, in the scheme payment providers use (Stripe's):
//   X-Governance-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// The timestamp is signed with the body, so a receiver that rejects old timestamps (the replay
// window, docs/notifications.md) cannot be fed a captured request again later.

import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-governance-signature';
export const EVENT_HEADER = 'x-governance-event';
export const DELIVERY_HEADER = 'x-governance-delivery';
/** What docs/notifications.md tells receivers to accept: 5 minutes either side. */
export const REPLAY_WINDOW_SECONDS = 300;

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, `${unixSeconds}.${body}`)}`;
}

/**
 * What a receiver does (the documented snippet, in TypeScript): parse t and every v1, reject a
 * timestamp outside the window, compare in constant time. True when one v1 matches.
 */
export function verifySignature(secret: string, body: string, header: string, nowSeconds: number, windowSeconds = REPLAY_WINDOW_SECONDS): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const candidates = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (t === undefined || !/^\d+$/.test(t) || Math.abs(nowSeconds - Number(t)) > windowSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, `${t}.${body}`));
  return candidates.some((candidate) => candidate.length === expected.length && timingSafeEqual(Buffer.from(candidate), expected));
}

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}
