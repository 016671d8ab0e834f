// The event-stream parser: whatever the chunking (even mid-CRLF or mid-character), the events
// come out as they were written, and an oversized event is an error, never an unbounded buffer.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SseParser, eventJson, formatSse, withData, type SseEvent } from '../../../src/proxy/mcp/sse-stream.ts';

const line = fc.stringMatching(/^[^\r\n]{0,40}$/);
const event = fc.record({
  id: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { nil: undefined }),
  event: fc.option(fc.constantFrom('message', 'ping'), { nil: undefined }),
  data: fc.array(line, { minLength: 1, maxLength: 3 }),
  comments: fc.constant([] as string[]),
}).map((e): SseEvent => {
  const out: SseEvent = { data: e.data, comments: e.comments };
  if (e.id !== undefined) out.id = e.id;
  if (e.event !== undefined) out.event = e.event;
  return out;
});

function parseAll(bytes: Buffer, cuts: number[]): SseEvent[] {
  const parser = new SseParser(1 << 20);
  const events: SseEvent[] = [];
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    events.push(...parser.push(bytes.subarray(at, cut)));
    at = cut;
  }
  events.push(...parser.push(bytes.subarray(at)));
  events.push(...parser.end());
  return events;
}

describe('SseParser', () => {
  test('property: formatted events parse back unchanged, however the bytes are chunked (LF and CRLF)', () => {
    fc.assert(fc.property(fc.array(event, { minLength: 1, maxLength: 6 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 8 }), (events, crlf, rawCuts) => {
      let text = events.map(formatSse).join('');
      if (crlf) text = text.replaceAll('\n', '\r\n');
      const bytes = Buffer.from(text, 'utf8');
      const cuts = rawCuts.map((n) => n % (bytes.length + 1));
      assert.deepEqual(parseAll(bytes, cuts), events);
    }));
  });

  test('fields: "data:" without a space, bare CR line ends, comments and retry', () => {
    const parser = new SseParser(1024);
    const events = [...parser.push(Buffer.from(': keep-alive\rretry: 500\rdata:{"a":1}\r\r')), ...parser.end()];
    assert.deepEqual(events, [{ comments: [' keep-alive'], retry: '500', data: ['{"a":1}'] }]);
    assert.deepEqual(eventJson(events[0]), { a: 1 });
  });

  test('a last event without its blank line is still delivered at the end', () => {
    const parser = new SseParser(1024);
    assert.deepEqual(parser.push(Buffer.from('data: tail')), []);
    assert.deepEqual(parser.end(), [{ data: ['tail'], comments: [] }]);
  });

  test('an event larger than the limit is an error', () => {
    const parser = new SseParser(16);
    assert.throws(() => parser.push(Buffer.from(`data: ${'x'.repeat(20)}\n`)), RangeError);
    const unterminated = new SseParser(16);
    assert.throws(() => unterminated.push(Buffer.from('x'.repeat(40))), RangeError);
  });

  test('withData keeps id and event name, and puts JSON on one line', () => {
    const out = withData({ id: '7', event: 'message', data: ['old'], comments: [] }, { jsonrpc: '2.0', id: 1, result: { text: 'a\nb' } });
    assert.equal(formatSse(out), 'event: message\nid: 7\ndata: {"jsonrpc":"2.0","id":1,"result":{"text":"a\\nb"}}\n\n');
    assert.equal(eventJson({ data: ['not json'], comments: [] }), undefined);
  });
});
