// The sidecar bench's latency rounds: targets measured in turn, round after round, each figure the
// median of its rounds; against two real servers on port 0 that record the order they are hit in.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { measureLatencyRounds, median } from '../../bench/latency-rounds.ts';

test('median: the middle value, the mean of the two middle ones for an even count, NaN for none', () => {
  const cases: Array<[number[], number]> = [
    [[3], 3], [[5, 1, 9], 5], [[4, 1, 3, 2], 2.5], [[7, 7, 7, 100], 7], [[2, 1], 1.5], [[], NaN],
  ];
  for (const [values, expected] of cases) assert.deepEqual(median(values), expected, JSON.stringify(values));
});

test('rounds interleave the targets (a, b, a, b ...) and report each one\'s rounds and their medians', async (t) => {
  const hits: string[] = [];
  const serve = async (name: string) => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (hits.at(-1) !== name) hits.push(name);
        res.setHeader('content-type', 'application/json');
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { name, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, path: '/', headers: () => ({}) };
  };
  const targets = [await serve('a'), await serve('b')];
  const figures = await measureLatencyRounds(targets, () => '{}', { rate: 100, durationMs: 150, rounds: 3, warmupMs: 30 });
  assert.deepEqual(hits, ['a', 'b', 'a', 'b', 'a', 'b'], 'each round runs every target once, in order');
  for (const name of ['a', 'b']) {
    const f = figures.get(name)!;
    assert.equal(f.rounds.length, 3);
    assert.ok(f.rounds.every((r) => r.ok > 0 && r.non2xx === 0 && r.errors === 0));
    assert.equal(f.p99, median(f.rounds.map((r) => r.p99)));
    assert.equal(f.p50, median(f.rounds.map((r) => r.p50)));
  }
  await assert.rejects(measureLatencyRounds(targets, () => '{}', { rate: 100, durationMs: 10, rounds: 0, warmupMs: 0 }), RangeError);
});
