// ledger_append_failures_total: every append the guarded ledger turns into LEDGER_UNAVAILABLE is
// counted, by reason; contract errors (a duplicate post-check) and failed reads are not appends
// that failed to record, so they are not counted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { guardLedger } from '../../../src/runtime/index.ts';
import { createMetrics } from '../../../src/observability/index.ts';
import { LedgerError, type Ledger } from '../../../src/ledger/index.ts';

function metricsFor(t: { after(fn: () => void): void }) {
  const metrics = createMetrics({ killSwitchActive: () => false, policyVersion: () => 'pol-test', scoreVersion: () => 'score-test' });
  t.after(() => metrics.close());
  return async (reason: string): Promise<number> => {
    const line = (await metrics.render()).split('\n').find((l) => l.startsWith(`ledger_append_failures_total{reason="${reason}"} `));
    assert.ok(line, `the ${reason} series exists`);
    return Number(line.split(' ')[1]);
  };
}

/** A store whose append and get throw what the test says. */
function failingStore(appendError: () => unknown, getError?: () => unknown): Ledger {
  return {
    append: async () => { throw appendError(); },
    get: async () => { if (getError) throw getError(); return null; },
    close: async () => {},
  } as unknown as Ledger;
}

test('the series exist at 0 before any failure', async (t) => {
  const count = metricsFor(t);
  assert.equal(await count('unavailable'), 0);
  assert.equal(await count('closed'), 0);
});

test('a store that cannot commit or cannot be reached: unavailable, once per failed append', async (t) => {
  const count = metricsFor(t);
  const writeFailed = guardLedger(failingStore(() => new LedgerError('LEDGER_WRITE_FAILED', 'disk full')));
  const unreachable = guardLedger(failingStore(() => Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' })));
  for (const ledger of [writeFailed, unreachable, unreachable]) {
    await assert.rejects(ledger.append({} as never), { code: 'LEDGER_UNAVAILABLE' });
  }
  assert.equal(await count('unavailable'), 3);
  assert.equal(await count('closed'), 0);
});

test('a closed ledger: closed', async (t) => {
  const count = metricsFor(t);
  const ledger = guardLedger(failingStore(() => new LedgerError('LEDGER_CLOSED')));
  await assert.rejects(ledger.append({} as never), { code: 'LEDGER_UNAVAILABLE' });
  assert.equal(await count('closed'), 1);
});

test('a store that throws synchronously is counted too', async (t) => {
  const count = metricsFor(t);
  const ledger = guardLedger({ append: () => { throw new LedgerError('LEDGER_WRITE_FAILED'); } } as unknown as Ledger);
  await assert.rejects(ledger.append({} as never), { code: 'LEDGER_UNAVAILABLE' });
  assert.equal(await count('unavailable'), 1);
});

test('contract errors and failed reads are not counted', async (t) => {
  const count = metricsFor(t);
  const duplicate = guardLedger(failingStore(() => new LedgerError('LEDGER_DUPLICATE_POST_CHECK'), () => new Error('connection reset')));
  await assert.rejects(duplicate.append({} as never), { code: 'LEDGER_DUPLICATE_POST_CHECK' });
  await assert.rejects(duplicate.get('x'), { code: 'LEDGER_UNAVAILABLE' });
  assert.equal(await count('unavailable'), 0);
  assert.equal(await count('closed'), 0);
});
