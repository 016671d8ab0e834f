// The read side of a Ledger, shared by both stores: the queries each store answers in its own
// SQL, and the one rule every read follows (a closed ledger answers LEDGER_CLOSED).

import type { Ledger } from './types.ts';

export type LedgerReads = Pick<Ledger, 'get' | 'findChild' | 'children' | 'latest' | 'list' | 'recentOutcomes' | 'reviewQueue' | 'executions' | 'executionPage' | 'usage' | 'periodRows'>;

/** A store's queries, answered synchronously (node:sqlite) or not (pg). */
export type StoreReads = {
  [K in keyof LedgerReads]: (...args: Parameters<LedgerReads[K]>) => ReturnType<LedgerReads[K]> | Awaited<ReturnType<LedgerReads[K]>>;
};

/** `reader`'s queries as the Ledger's async reads, each refused once the store is closed. */
export function openReads(reader: StoreReads, ensureOpen: () => void): LedgerReads {
  return {
    async get(envelopeId) { ensureOpen(); return reader.get(envelopeId); },
    async findChild(parent, kind) { ensureOpen(); return reader.findChild(parent, kind); },
    async children(parent, limit) { ensureOpen(); return reader.children(parent, limit); },
    async latest(kind) { ensureOpen(); return reader.latest(kind); },
    async list(query) { ensureOpen(); return reader.list(query); },
    async recentOutcomes(agentId, limit) { ensureOpen(); return reader.recentOutcomes(agentId, limit); },
    async reviewQueue(query) { ensureOpen(); return reader.reviewQueue(query); },
    async executions(query) { ensureOpen(); return reader.executions(query); },
    async executionPage(query) { ensureOpen(); return reader.executionPage(query); },
    async usage(query) { ensureOpen(); return reader.usage(query); },
    async periodRows(query) { ensureOpen(); return reader.periodRows(query); },
  };
}
