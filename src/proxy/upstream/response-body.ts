// A governed response is read whole before anything is released, so it is bounded: the route's
// max_response_bytes, checked against Content-Length first and then while the bytes arrive.
// Compressed bodies are inflated (bounded too) so the post-check reads what the agent would.

import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { ApiError } from '../../http/index.ts';
import { parseStrictJson } from '../../json/index.ts';
import { upstreamFailure } from './upstream-pools.ts';
import type { SidecarRoute } from '../routes/route-types.ts';

/** `reserve`: told of each chunk before it is kept (the sidecar's memory budget); throwing ends the read. */
export async function readBounded(body: Readable, route: SidecarRoute, declaredLength: unknown, reserve?: (bytes: number) => void): Promise<Buffer> {
  const limit = route.maxResponseBytes;
  const declared = Number(declaredLength);
  if (Number.isFinite(declared) && declared > limit) {
    // Destroying an undici body emits an abort error: nobody needs to hear it.
    body.on('error', () => undefined);
    body.destroy();
    throw tooLarge(route);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      received += chunk.length;
      // Leaving the loop early destroys the stream.
      if (received > limit) throw tooLarge(route);
      reserve?.(chunk.length);
      chunks.push(chunk);
    }
  } catch (error) {
    throw upstreamFailure(error, route);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
}

/** Inflates gzip, deflate and br bodies; an encoding the sidecar cannot read is refused (it could not be checked). */
export function decodeBody(bytes: Buffer, contentEncoding: unknown, route: SidecarRoute): Buffer {
  const encoding = String(contentEncoding ?? 'identity').trim().toLowerCase();
  const options = { maxOutputLength: route.maxResponseBytes };
  try {
    if (encoding === '' || encoding === 'identity') return bytes;
    if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(bytes, options);
    if (encoding === 'deflate') return zlib.inflateSync(bytes, options);
    if (encoding === 'br') return zlib.brotliDecompressSync(bytes, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(route);
    throw new ApiError('UPSTREAM_RESPONSE_UNREADABLE', `The upstream of route ${route.name} sent a ${encoding} body that does not decode: ${(error as Error).message}.`, {
      extensions: { route: route.name },
    });
  }
  throw new ApiError('UPSTREAM_RESPONSE_UNREADABLE', `The upstream of route ${route.name} sent Content-Encoding ${encoding}, which the sidecar cannot read, so it cannot be checked.`, {
    extensions: { route: route.name },
  });
}

function tooLarge(route: SidecarRoute): ApiError {
  return new ApiError('UPSTREAM_RESPONSE_TOO_LARGE', `The upstream response of route ${route.name} exceeds its max_response_bytes of ${route.maxResponseBytes}; nothing was released.`, {
    extensions: { route: route.name, limit_bytes: route.maxResponseBytes },
  });
}

/** How a body became the post-check's output: which decides how a masked output is written back. */
export type OutputForm = 'object' | 'json' | 'text' | 'binary';

/** The post-check's `output` object for a response body: JSON objects as they are, anything else wrapped. */
export function outputOf(bytes: Buffer, contentType: unknown): { output: Record<string, unknown>; form: OutputForm } {
  const type = String(contentType ?? '').toLowerCase();
  const isJson = /^application\/([\w.+-]+\+)?json\b/.test(type);
  const text = readableText(bytes, type);
  if (isJson || (type === '' && text !== undefined)) {
    const parsed = parseJson(text ?? '');
    if (parsed.ok) return isObject(parsed.value) ? { output: parsed.value, form: 'object' } : { output: { json: parsed.value }, form: 'json' };
  }
  // Whatever the declared type, bytes that decode as UTF-8 are read as text: a secret sent as
  // application/octet-stream is still a secret. Only what does not decode stays unread.
  if (text !== undefined) return { output: { text }, form: 'text' };
  return { output: { binary: { content_type: type || 'application/octet-stream', bytes: bytes.length, scanned: false } }, form: 'binary' };
}

/** The body for an output of `form` (after masking). */
export function bodyOf(output: Record<string, unknown>, form: OutputForm): Buffer | undefined {
  if (form === 'object') return Buffer.from(JSON.stringify(output), 'utf8');
  if (form === 'json') return Buffer.from(JSON.stringify(output.json), 'utf8');
  if (form === 'text') return Buffer.from(String(output.text), 'utf8');
  return undefined;
}

function isTextual(type: string): boolean {
  return type.startsWith('text/') || /^application\/(xml|x-www-form-urlencoded|javascript|[\w.+-]+\+xml)\b/.test(type);
}

/**
 * The body as the text the agent reads, or undefined when the check cannot be sure it reads the
 * same text. UTF-16 of ASCII is valid UTF-8 with a NUL between letters, so a secret or an
 * instruction sent as UTF-16 (declared in the charset, or guessed from those NULs, as Python's
 * requests does for JSON) would be scanned letter by letter apart and never match: text with a raw
 * NUL, or whose declared charset reads it otherwise than UTF-8, is not read as text.
 */
function readableText(bytes: Buffer, type: string): string | undefined {
  const text = utf8(bytes);
  if (text === undefined || text.includes('\u0000')) return undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/.exec(type)?.[1];
  if (charset === undefined || /^(utf-?8|us-ascii|ascii)$/.test(charset)) return text;
  let declared: string;
  try {
    declared = new TextDecoder(charset, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return declared === text ? text : undefined;
}

function utf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Strict, as request bodies are: JSON the strict parser refuses is checked (and released) as the text it is. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: parseStrictJson(text) };
  } catch {
    return { ok: false };
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
