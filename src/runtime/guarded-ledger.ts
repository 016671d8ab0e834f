// Wraps a Ledger so that a store that cannot be reached or written becomes a clean 503
// (LEDGER_UNAVAILABLE): every caller fails closed the same way, and never answers 500 for it.
// Contract errors (duplicate post-check, invalid entry) pass through for the caller to handle.
// Every append that could not be recorded is published on `gateway:ledger:append-failure`
// (the ledger_append_failures_total metric), whichever caller made it.

import { ApiError } from '../http/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { inSpan, ledgerAppendFailureChannel, SPAN_NAMES, tracingOn, type LedgerAppendFailureEvent } from '../observability/index.ts';

const UNAVAILABLE = new Set(['LEDGER_CLOSED', 'LEDGER_WRITE_FAILED']);

export function guardLedger(ledger: Ledger): Ledger {
  // One wrapper per method, made on first use: the hot path (append, get) allocates nothing here.
  const wrapped = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy(ledger, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'close') return value;
      let wrapper = wrapped.get(property);
      if (!wrapper) {
        const guarded = (error: unknown): unknown => {
          const translated = translate(error);
          if (property === 'append' && translated !== error) reportAppendFailure(error);
          return translated;
        };
        const invoke = (args: unknown[]): Promise<unknown> => {
          try {
            return Promise.resolve(Reflect.get(target, property, receiver).apply(target, args)).catch((error: unknown) => {
              throw guarded(error);
            });
          } catch (error) {
            return Promise.reject(guarded(error));
          }
        };
        // The ledger commit is a stage of its own in a trace (group commit included).
        wrapper = property === 'append'
          ? (...args: unknown[]) => (tracingOn() ? inSpan(SPAN_NAMES.ledgerCommit, () => invoke(args)) : invoke(args))
          : (...args: unknown[]) => invoke(args);
        wrapped.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

function reportAppendFailure(error: unknown): void {
  if (!ledgerAppendFailureChannel.hasSubscribers) return;
  const code = (error as { code?: unknown } | null)?.code;
  ledgerAppendFailureChannel.publish({ reason: code === 'LEDGER_CLOSED' ? 'closed' : 'unavailable' } satisfies LedgerAppendFailureEvent);
}

function translate(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('LEDGER_') && !UNAVAILABLE.has(code)) return error;
  return new ApiError('LEDGER_UNAVAILABLE', `The audit ledger is unavailable, so nothing is decided without a record (fail closed): ${(error as Error)?.message ?? String(error)}`, {
    headers: { 'retry-after': '1' },
  });
}
