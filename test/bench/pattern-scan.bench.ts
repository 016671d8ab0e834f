// Scanning speed of every shipped pattern set, in MB/s, on the linear-time engine (re2js) and on
// the backtracking engine the patterns ran on before (JavaScript RegExp, the old sources), over
// ordinary text and over adversarial texts. The old engine gets small inputs only: on some of
// them it is quadratic, and at 1 MB it would run for hours. `4n/n` is the time on a text four
// times longer divided by the time on the shorter one: about 4 is linear, about 16 quadratic.

import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { loadPolicyBundleSync } from '../../src/policy/index.ts';
import { DEFAULT_VALUE_PATTERNS } from '../../src/ledger/pii-detector.ts';
import { INJECTION_MARKERS, injectionMarker } from '../../src/governance/prompt-injection.ts';
import { compilePatternSet } from '../../src/linear-regex/index.ts';
import { ADVERSARIAL_UNITS, OLD_PII_DEFAULTS, OLD_SENSITIVE_DATA, adversarialText, proseText } from '../fixtures/backtracking-patterns.ts';

interface Tester { test(text: string): boolean }
interface PatternSet { name: string; linear: readonly Tester[]; old: readonly Tester[] }

const MB = 1024 * 1024;
const NEW_SIZE = MB;
const OLD_SIZE = 16 * 1024;

function patternSets(): PatternSet[] {
  const bundle = loadPolicyBundleSync(path.resolve(import.meta.dirname, '../../policies'));
  return [
    { name: 'sensitive-data.yaml (sample, 12)', linear: bundle.sensitive_data.map((p) => p.pattern), old: Object.values(OLD_SENSITIVE_DATA) },
    {
      // What scanSensitive runs: the list as one automaton, one pass per text.
      name: 'sensitive-data.yaml as one combined automaton (what the scanner runs)',
      linear: [combined(bundle.sensitive_data.map((p) => p.pattern))],
      old: Object.values(OLD_SENSITIVE_DATA),
    },
    { name: 'ledger PII defaults (3)', linear: DEFAULT_VALUE_PATTERNS, old: OLD_PII_DEFAULTS },
    {
      name: 'prompt-injection markers as one automaton (what the scanner runs)',
      linear: [{ test: (text: string) => injectionMarker(text) !== undefined }],
      old: INJECTION_MARKERS.map((m) => new RegExp(m.pattern.source, 'i')),
    },
    {
      name: 'prompt-injection markers (8)',
      linear: INJECTION_MARKERS.map((m) => m.pattern),
      old: INJECTION_MARKERS.map((m) => new RegExp(m.pattern.source, 'i')),
    },
  ];
}

function combined(patterns: Parameters<typeof compilePatternSet>[0]): Tester {
  const set = compilePatternSet(patterns);
  return { test: (text) => set.matching(text).length > 0 };
}

/** Milliseconds to run every pattern of the set over `text` once (the best of `rounds`). */
function scanMs(patterns: readonly Tester[], text: string, rounds: number): number {
  let best = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    for (const pattern of patterns) pattern.test(text);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const mbPerSecond = (bytes: number, ms: number) => (bytes / MB) / (ms / 1000);
const fixed = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export const patternScanBench = {
  name: 'pattern scanning (MB/s, linear-time engine vs the old backtracking one)',
  async run(): Promise<void> {
    const texts: Array<[string, (length: number) => string]> = [
      ['prose', proseText],
      ...Object.entries(ADVERSARIAL_UNITS).map(([name, unit]): [string, (length: number) => string] => [name, (length) => adversarialText(unit, length)]),
    ];
    for (const set of patternSets()) {
      console.log(`\n${set.name}`);
      console.log('text'.padEnd(38), 'new MB/s'.padStart(9), 'new 4n/n'.padStart(9), 'old MB/s'.padStart(9), 'old 4n/n'.padStart(9), 'new ms/MB'.padStart(10));
      let slowest = Infinity;
      for (const [name, make] of texts) {
        const small = make(NEW_SIZE);
        const large = make(4 * NEW_SIZE);
        scanMs(set.linear, make(64 * 1024), 3);
        const newMs = scanMs(set.linear, small, 3);
        const newRatio = scanMs(set.linear, large, 1) / newMs;
        const oldMs = scanMs(set.old, make(OLD_SIZE), 1);
        const oldRatio = scanMs(set.old, make(4 * OLD_SIZE), 1) / oldMs;
        const speed = mbPerSecond(small.length, newMs);
        slowest = Math.min(slowest, speed);
        console.log(name.padEnd(38), fixed(speed).padStart(9), fixed(newRatio).padStart(9), fixed(mbPerSecond(OLD_SIZE, oldMs)).padStart(9), fixed(oldRatio).padStart(9), fixed(newMs).padStart(10));
      }
      console.log(`slowest: ${fixed(slowest)} MB/s, so a 1 MB result costs at most ${fixed(1000 / slowest)} ms for this set`);
    }
  },
};
