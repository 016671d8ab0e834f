// Server-sent events (the WHATWG event-stream format) parsed incrementally as chunks arrive, and
// written back out. The sidecar re-emits every event it does not change, so notifications and
// server requests keep flowing while a tool result waits for its post-check.

import { StrictJsonError, parseStrictJson } from '../../json/index.ts';

export interface SseEvent {
  id?: string;
  event?: string;
  retry?: string;
  /** One entry per `data:` line. */
  data: string[];
  /** `:` comment lines (keep-alive pings), kept in place. */
  comments: string[];
}

export class SseParser {
  readonly #decoder = new TextDecoder('utf-8');
  readonly #maxEventBytes: number;
  #buffer = '';
  #current: SseEvent = emptyEvent();
  #currentBytes = 0;

  /** An event larger than `maxEventBytes` is an error (the sidecar buffers one event at a time). */
  constructor(maxEventBytes: number) {
    this.#maxEventBytes = maxEventBytes;
  }

  push(chunk: Uint8Array): SseEvent[] {
    this.#buffer += this.#decoder.decode(chunk, { stream: true });
    return this.#drain(false);
  }

  /** The stream ended: a last event without its blank line is still delivered. */
  end(): SseEvent[] {
    this.#buffer += this.#decoder.decode();
    const events = this.#drain(true);
    if (this.#buffer !== '') this.#field(this.#buffer);
    this.#buffer = '';
    if (this.#current.data.length > 0 || this.#current.comments.length > 0) events.push(this.#current);
    this.#current = emptyEvent();
    return events;
  }

  #drain(final: boolean): SseEvent[] {
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.#buffer.length; i++) {
      const ch = this.#buffer.charCodeAt(i);
      if (ch !== 10 && ch !== 13) continue;
      // A lone CR at the end of the chunk may be the first half of CRLF: wait for the next chunk.
      if (ch === 13 && i === this.#buffer.length - 1 && !final) break;
      const line = this.#buffer.slice(start, i);
      if (ch === 13 && this.#buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
      if (line === '') {
        if (this.#current.data.length > 0 || this.#current.comments.length > 0 || this.#current.id !== undefined) events.push(this.#current);
        this.#current = emptyEvent();
        this.#currentBytes = 0;
      } else {
        this.#currentBytes += line.length;
        if (this.#currentBytes > this.#maxEventBytes) throw new RangeError(`an event-stream event exceeds ${this.#maxEventBytes} bytes`);
        this.#field(line);
      }
    }
    this.#buffer = this.#buffer.slice(start);
    if (this.#buffer.length > this.#maxEventBytes) throw new RangeError(`an event-stream line exceeds ${this.#maxEventBytes} bytes`);
    return events;
  }

  #field(line: string): void {
    if (line.startsWith(':')) {
      this.#current.comments.push(line.slice(1));
      return;
    }
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') this.#current.data.push(value);
    else if (name === 'id') this.#current.id = value;
    else if (name === 'event') this.#current.event = value;
    else if (name === 'retry') this.#current.retry = value;
  }
}

function emptyEvent(): SseEvent {
  return { data: [], comments: [] };
}

export function formatSse(event: SseEvent): string {
  let text = '';
  for (const comment of event.comments) text += `:${comment}\n`;
  if (event.event !== undefined) text += `event: ${event.event}\n`;
  if (event.id !== undefined) text += `id: ${event.id}\n`;
  if (event.retry !== undefined) text += `retry: ${event.retry}\n`;
  for (const line of event.data) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * The event's data as JSON, or undefined when it is not JSON. JSON that the strict parser refuses
 * (duplicate keys, inexact numbers...) throws: it cannot be checked as the agent would read it.
 */
export function eventJson(event: SseEvent): unknown {
  if (event.data.length === 0) return undefined;
  return strictJsonOrUndefined(event.data.join('\n'));
}

/** An event carrying `message` as one data line (JSON has no raw newlines). */
export function withData(event: SseEvent, message: unknown): SseEvent {
  return { ...event, data: [JSON.stringify(message)] };
}

/** Parses `text` strictly: undefined when it is not JSON at all, a StrictJsonError when it is JSON the gateway will not read. */
export function strictJsonOrUndefined(text: string): unknown {
  try {
    return parseStrictJson(text);
  } catch (error) {
    if (error instanceof StrictJsonError && error.rule === 'syntax') return undefined;
    throw error;
  }
}
