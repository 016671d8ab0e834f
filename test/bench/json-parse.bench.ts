// The strict JSON parser (src/json) against JSON.parse on the bodies the hot path reads: the
// sidecar bench's tool call, a pre-check, a validate with tool results, and a 100 KB tool answer.
// Printed as a ratio to JSON.parse measured in the same run, plus microseconds per parse.

import { performance } from 'node:perf_hooks';
import { parseStrictJson } from '../../src/json/index.ts';
import { preCheckBody, validateBody } from '../helpers/bodies.ts';

const ROUNDS = Number(process.env.BENCH_PARSE_ROUNDS ?? 5);

function bodies(): Array<[string, string]> {
  const rows = Array.from({ length: 400 }, (_, i) => ({ id: `KB-${i}`, title: `Article ${i} about résumé ✓`, score: i / 7, tags: ['a', 'b'], ok: i % 2 === 0 }));
  return [
    ['sidecar tool call (45 B)', JSON.stringify({ query: 'how do I reset my password' })],
    ['pre-check (300 B)', JSON.stringify(preCheckBody())],
    ['validate (700 B)', JSON.stringify(validateBody())],
    ['tool answer (~40 KB)', JSON.stringify({ results: rows })],
  ];
}

function opsPerSecond(parse: (text: string) => unknown, text: string): number {
  const budgetMs = 300;
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < budgetMs) {
    for (let i = 0; i < 100; i++) parse(text);
    n += 100;
  }
  return n / ((performance.now() - start) / 1000);
}

export const jsonParseBench = {
  name: 'json-parse',
  async run(): Promise<void> {
    for (const [name, text] of bodies()) {
      // Best of ROUNDS for each, interleaved, so a noisy neighbour hurts both alike.
      let native = 0;
      let strict = 0;
      for (let round = 0; round < ROUNDS; round++) {
        native = Math.max(native, opsPerSecond(JSON.parse, text));
        strict = Math.max(strict, opsPerSecond(parseStrictJson, text));
      }
      console.log(`  ${name.padEnd(26)} JSON.parse ${(1e6 / native).toFixed(2)} us, strict ${(1e6 / strict).toFixed(2)} us  (strict / JSON.parse time = ${(native / strict).toFixed(2)})`);
    }
  },
};
