// SIDECAR_MEMORY_MB split into bounded parts (src/proxy/memory-budget.ts) and the admission that
// holds calls to them (src/proxy/call-admission.ts).

import { describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/http/index.ts';
import { loadConfig } from '../../../src/config/index.ts';
import { CallAdmission } from '../../../src/proxy/call-admission.ts';
import { heapFlagsToAdd, heapLimitWarning, splitMemoryBudget } from '../../../src/proxy/memory-budget.ts';

const MIB = 1024 * 1024;
const LIMITS = { maxBodyBytes: 5 * MIB, maxSessions: 10_000 };

describe('splitMemoryBudget', () => {
  for (const mb of [128, 256, 384, 512, 1024, 4096, 65_536]) {
    test(`${mb} MiB splits into parts that add up to it, each bounded`, () => {
      const b = splitMemoryBudget(mb, LIMITS);
      assert.equal(b.budgetBytes, mb * MIB);
      assert.equal(b.heapBytes + b.bufferBytes + b.runtimeBytes, b.budgetBytes, 'heap + buffers + what Node keeps = the budget');
      assert.ok(b.runtimeBytes >= b.budgetBytes / 4 - MIB);
      assert.ok(b.maxRequestBytes <= b.bufferBytes / 8 && b.maxRequestBytes <= LIMITS.maxBodyBytes);
      assert.ok(Number.isSafeInteger(b.maxInFlight) && b.maxInFlight >= 16);
      assert.ok(b.maxInFlight * 32 * 1024 <= b.heapBytes / 4, 'calls under way take at most a quarter of the heap');
      assert.ok(b.maxSessions <= LIMITS.maxSessions && b.maxSessions * 1024 <= Math.max(100 * 1024, b.heapBytes / 10));
      assert.ok(b.sessionHistoryBytes <= b.heapBytes / 16);
      // The flags ask V8 for the heap share: old space + three semi-spaces.
      const [, old, semi] = /^--max-old-space-size=(\d+) --max-semi-space-size=(\d+)$/.exec(b.nodeOptions)!.map(Number);
      assert.equal((old + 3 * semi) * MIB, b.heapBytes);
      assert.ok([4, 8, 16, 32].includes(semi) && old > 0, 'V8 sizes semi-spaces in powers of two');
    });
  }

  test('V8 started with the flags has exactly the heap share as its limit', () => {
    for (const mb of [128, 384, 448, 1024]) {
      const { nodeOptions, heapBytes } = splitMemoryBudget(mb, LIMITS);
      const limit = execFileSync(process.execPath, [...nodeOptions.split(' '), '-e', 'process.stdout.write(String(require("node:v8").getHeapStatistics().heap_size_limit))'], { encoding: 'utf8' });
      assert.equal(Number(limit), heapBytes, `${mb} MiB: ${nodeOptions}`);
    }
  });

  test('the bounds grow with the budget and never pass the limits they are given', () => {
    const small = splitMemoryBudget(128, LIMITS);
    const large = splitMemoryBudget(1024, LIMITS);
    assert.deepEqual([small.maxInFlight, small.maxRequestBytes, small.maxSessions], [512, 4 * MIB, 6553]);
    assert.ok(large.maxInFlight > small.maxInFlight && large.bufferBytes > small.bufferBytes);
    assert.equal(large.maxRequestBytes, LIMITS.maxBodyBytes, 'SERVICE_MAX_BODY_BYTES still caps a request');
    assert.equal(splitMemoryBudget(1024, { maxBodyBytes: MIB, maxSessions: 50 }).maxSessions, 100, 'at least 100 sessions');
  });

  test('SIDECAR_MEMORY_MB: default 384, outside 128-65536 a config error', () => {
    const base = { POLICIES_DIR: 'policies', LEDGER_PATH: ':memory:' };
    assert.deepEqual(loadConfig(base).memory, { budgetMb: 384, budgetSet: false, heapFlagMb: null });
    assert.deepEqual(loadConfig({ ...base, SIDECAR_MEMORY_MB: '256', NODE_OPTIONS: '--max-old-space-size=80 --max-semi-space-size=16' }).memory, { budgetMb: 256, budgetSet: true, heapFlagMb: 80 });
    assert.throws(() => loadConfig({ ...base, SIDECAR_MEMORY_MB: '64' }), /SIDECAR_MEMORY_MB: "64" must be an integer from 128 to 65536/);
  });

  test('the heap limit: flags to add at start, and a warning when the process runs without them', () => {
    assert.equal(heapFlagsToAdd({ SIDECAR_MEMORY_MB: '256' }, []), '--max-old-space-size=80 --max-semi-space-size=16');
    assert.equal(heapFlagsToAdd({}, []), null, 'no budget asked for: Node keeps its own limit');
    assert.equal(heapFlagsToAdd({ SIDECAR_MEMORY_MB: '256', NODE_OPTIONS: '--max-old-space-size=300' }, []), null, 'an operator\'s own limit wins');
    assert.equal(heapFlagsToAdd({ SIDECAR_MEMORY_MB: '256' }, ['--max-old-space-size=300']), null);
    assert.equal(heapFlagsToAdd({ SIDECAR_MEMORY_MB: 'lots' }, []), null, 'a bad value is the config\'s to report');
    const memory = { budgetMb: 256, budgetSet: true, heapFlagMb: null };
    assert.equal(heapLimitWarning(memory, 128 * MIB), null);
    assert.match(heapLimitWarning(memory, 4096 * MIB) ?? '', /SIDECAR_MEMORY_MB=256 asks for a V8 heap limit of 128 MiB, but this process runs with 4096 MiB \(NODE_OPTIONS sets no heap limit\): start Node with NODE_OPTIONS="--max-old-space-size=80 --max-semi-space-size=16"/);
    assert.equal(heapLimitWarning({ ...memory, budgetSet: false }, 4096 * MIB), null);
  });
});

describe('CallAdmission', () => {
  const refusal = (fn: () => unknown): ApiError => {
    try {
      fn();
    } catch (error) {
      assert.ok(error instanceof ApiError);
      return error;
    }
    assert.fail('not refused');
  };

  test('calls past maxInFlight are refused (503 SIDECAR_OVERLOADED, bound in_flight) until one leaves', () => {
    const admission = new CallAdmission({ maxInFlight: 2, bufferBytes: 100 });
    const a = admission.enter('kb');
    admission.enter('kb');
    const error = refusal(() => admission.enter('kb'));
    assert.deepEqual([error.code, error.status, error.extensions, error.headers], ['SIDECAR_OVERLOADED', 503, { route: 'kb', bound: 'in_flight' }, { 'retry-after': '1' }]);
    a.leave();
    a.leave();
    assert.equal(admission.figures().inFlight, 1, 'leaving twice gives back one slot');
    admission.enter('kb');
    assert.equal(admission.figures().peakInFlight, 2);
  });

  test('holdUntil keeps a call that left counted until its work settles (an audit: intent row), whether it succeeds or fails', async () => {
    const admission = new CallAdmission({ maxInFlight: 1, bufferBytes: 100 });
    const a = admission.enter('kb');
    a.reserve(40);
    let append!: () => void;
    a.holdUntil(new Promise<void>((resolve) => { append = resolve; }));
    const failing = Promise.reject(new Error('ledger down'));
    a.holdUntil(failing);
    a.leave();
    assert.deepEqual([admission.figures().inFlight, admission.figures().bufferedBytes], [1, 40]);
    assert.equal(refusal(() => admission.enter('kb')).extensions?.bound, 'in_flight');
    append();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual([admission.figures().inFlight, admission.figures().bufferedBytes], [0, 0]);
    admission.enter('kb');
  });

  test('body bytes past bufferBytes are refused (bound buffers); a call that leaves gives its bytes back', () => {
    const admission = new CallAdmission({ maxInFlight: 10, bufferBytes: 100 });
    const a = admission.enter('kb');
    const b = admission.enter('mcp');
    a.reserve(60);
    a.reserve(30);
    const error = refusal(() => b.reserve(11));
    assert.deepEqual([error.code, error.extensions], ['SIDECAR_OVERLOADED', { route: 'mcp', bound: 'buffers' }]);
    b.reserve(10);
    assert.deepEqual([admission.figures().bufferedBytes, admission.figures().peakBufferedBytes], [100, 100]);
    a.leave();
    assert.equal(admission.figures().bufferedBytes, 10);
    b.leave();
    assert.deepEqual([admission.figures().inFlight, admission.figures().bufferedBytes], [0, 0]);
  });
});
