// Relays an MCP server's answer to the agent, passing each JSON-RPC response message through a
// transform first (post-check, tools/list filtering). A JSON answer is read whole (bounded); an
// SSE answer is relayed event by event, so progress notifications and server requests are not
// held back while the one response event waits for its check.

import { once } from 'node:events';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { agentResponseHeaders, type HeaderMap } from '../upstream/forward-headers.ts';
import { isResponse, type JsonRpcResponse } from './json-rpc.ts';
import { decodeBody, readBounded } from '../upstream/response-body.ts';
import { SseParser, eventJson, formatSse, strictJsonOrUndefined, withData, type SseEvent } from './sse-stream.ts';
import { ApiError } from '../../http/index.ts';
import type { OpenedResponse } from '../upstream/upstream-pools.ts';
import type { SidecarRoute } from '../routes/route-types.ts';

/** Returns the message to release, or null to drop it. */
export type MessageTransform = (message: JsonRpcResponse) => Promise<JsonRpcResponse | null>;

/**
 * A buffered answer that is not JSON-RPC the sidecar can parse (another content type, bytes that
 * do not parse): returns a replacement JSON body, or null to release the bytes as they are.
 */
export type UnparsedBody = (bytes: Buffer, contentType: string) => Promise<Buffer | null>;

function isEventStream(headers: OpenedResponse['headers']): boolean {
  return String(headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream');
}

function isJson(headers: OpenedResponse['headers']): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(String(headers['content-type'] ?? ''));
}

/** Streams the answer through untouched (methods the sidecar does not govern). */
export async function pipeThrough(res: ServerResponse, opened: OpenedResponse, extra: HeaderMap = {}): Promise<void> {
  res.writeHead(opened.status, { ...agentResponseHeaders(opened.headers, false), ...extra });
  if (isEventStream(opened.headers)) res.flushHeaders();
  await pipeline(opened.body, res).catch(() => res.destroy());
}

export async function relayTransformed(
  res: ServerResponse, opened: OpenedResponse, route: SidecarRoute, transform: MessageTransform, extra: HeaderMap = {},
  unparsed?: UnparsedBody, reserve?: (bytes: number) => void,
): Promise<void> {
  if (isEventStream(opened.headers)) return relayEvents(res, opened, route, transform, extra);
  const bytes = readWhole(opened, route, await readBounded(opened.body, route, opened.headers['content-length'], reserve), reserve);
  let body: Buffer = bytes;
  if (isJson(opened.headers) && bytes.length > 0) {
    let parsed: unknown;
    try {
      parsed = strictJsonOrUndefined(bytes.toString('utf8'));
    } catch (error) {
      throw new ApiError('UPSTREAM_RESPONSE_UNREADABLE', `The upstream of route ${route.name} answered JSON the sidecar will not read (${(error as Error).message}), so it cannot be checked; nothing was released.`, {
        extensions: { route: route.name },
      });
    }
    if (parsed !== undefined) {
      const out = Array.isArray(parsed)
        ? (await Promise.all(parsed.map((message) => transformOne(message, transform)))).filter((message) => message !== null)
        : await transformOne(parsed, transform);
      body = Buffer.from(out === null ? '' : JSON.stringify(out), 'utf8');
    } else if (unparsed) {
      body = await replaced(bytes, unparsed, opened);
    }
  } else if (unparsed && bytes.length > 0) {
    body = await replaced(bytes, unparsed, opened);
  }
  const headers: OutgoingHttpHeaders = { ...agentResponseHeaders(opened.headers, true), ...extra, 'content-length': String(body.length) };
  if (body !== bytes) headers['content-type'] = 'application/json';
  res.writeHead(opened.status, headers);
  res.end(body);
}

/** The body as read, inflated when it came compressed; the inflated copy counts against the budget too. */
function readWhole(opened: OpenedResponse, route: SidecarRoute, received: Buffer, reserve?: (bytes: number) => void): Buffer {
  const bytes = decodeBody(received, opened.headers['content-encoding'], route);
  if (bytes !== received) reserve?.(bytes.length);
  return bytes;
}

async function replaced(bytes: Buffer, unparsed: UnparsedBody, opened: OpenedResponse): Promise<Buffer> {
  return (await unparsed(bytes, String(opened.headers['content-type'] ?? ''))) ?? bytes;
}

async function transformOne(message: unknown, transform: MessageTransform): Promise<unknown> {
  return isResponse(message) ? transform(message) : message;
}

/** An event's message, or each message of an array in one event (a client may read either): null to drop the event. */
async function transformEvent(message: unknown, transform: MessageTransform): Promise<unknown> {
  if (!Array.isArray(message)) return transformOne(message, transform);
  if (!message.some(isResponse)) return message;
  const out = (await Promise.all(message.map((m) => transformOne(m, transform)))).filter((m) => m !== null);
  return out.length === 0 ? null : out;
}

/**
 * The answer relayed as events into a stream the sidecar already opened (an elicitation went out
 * on it first): SSE events pass as they come, a JSON answer becomes one event per message.
 */
export async function relayIntoStream(
  res: ServerResponse, opened: OpenedResponse, route: SidecarRoute, transform: MessageTransform, unparsed: UnparsedBody,
  reserve?: (bytes: number) => void,
): Promise<void> {
  if (isEventStream(opened.headers)) return relayEvents(res, opened, route, transform, {}, false);
  const bytes = readWhole(opened, route, await readBounded(opened.body, route, opened.headers['content-length'], reserve), reserve);
  let parsed: unknown;
  if (isJson(opened.headers) && bytes.length > 0) {
    try {
      parsed = strictJsonOrUndefined(bytes.toString('utf8'));
    } catch (error) {
      throw new ApiError('UPSTREAM_RESPONSE_UNREADABLE', `The upstream of route ${route.name} answered JSON the sidecar will not read (${(error as Error).message}), so it cannot be checked; nothing was released.`, {
        extensions: { route: route.name },
      });
    }
  }
  if (parsed === undefined) {
    const replacement = await unparsed(bytes, String(opened.headers['content-type'] ?? ''));
    parsed = replacement === null ? undefined : JSON.parse(replacement.toString('utf8'));
  }
  for (const message of Array.isArray(parsed) ? parsed : parsed === undefined ? [] : [parsed]) {
    const out = await transformOne(message, transform);
    if (out !== null && !res.write(formatSse({ event: 'message', data: [JSON.stringify(out)], comments: [] }))) await once(res, 'drain');
  }
  res.end();
}

/**
 * Relays the answer as an event stream whatever its declared type: clients read any 2xx answer to
 * their GET as events, so the sidecar must read it the same way to see the responses in it.
 */
export function relayEventStream(res: ServerResponse, opened: OpenedResponse, route: SidecarRoute, transform: MessageTransform): Promise<void> {
  return relayEvents(res, opened, route, transform, {});
}

async function relayEvents(res: ServerResponse, opened: OpenedResponse, route: SidecarRoute, transform: MessageTransform, extra: HeaderMap, writeHead = true): Promise<void> {
  if (writeHead) {
    res.writeHead(opened.status, { ...agentResponseHeaders(opened.headers, true), ...extra });
    res.flushHeaders();
  }
  // However the agent's side ends (it left, or a shutdown ended it), stop reading the upstream.
  opened.body.on('error', () => undefined);
  res.once('close', () => opened.body.destroy());
  const parser = new SseParser(route.maxResponseBytes);
  const write = async (event: SseEvent): Promise<void> => {
    const message = eventJson(event);
    let out = event;
    if (isResponse(message) || Array.isArray(message)) {
      const released = await transformEvent(message, transform);
      if (released === null) return;
      if (released !== message) out = withData(event, released);
    }
    if (!res.write(formatSse(out))) await once(res, 'drain');
  };
  try {
    for await (const chunk of opened.body as AsyncIterable<Buffer>) {
      for (const event of parser.push(chunk)) await write(event);
    }
    for (const event of parser.end()) await write(event);
    res.end();
  } catch {
    // Headers are out: the only honest signal left is to cut the stream.
    opened.body.destroy();
    res.destroy();
  }
}
