// The store-independent Ledger suite. Every store runs it: SQLite in sqlite-store.test.ts,
// PostgreSQL in postgres-store.test.ts. `open` must return an empty ledger each time, and `cleanup` must tolerate
// a ledger the test already closed.

import { describe } from 'node:test';
import { chainCases } from './ledger-contract-chain.ts';
import { checkpointCases } from './ledger-contract-checkpoints.ts';
import { readCases } from './ledger-contract-reads.ts';
import { reviewCases } from './ledger-contract-reviews.ts';
import { executionCases } from './ledger-contract-executions.ts';
import { retentionCases } from './ledger-contract-retention.ts';
import { teamCases } from './ledger-contract-teams.ts';
import type { OpenLedger } from './ledger-fixtures.ts';

export function ledgerContractSuite(name: string, open: OpenLedger): void {
  describe(`Ledger contract: ${name}`, () => {
    readCases(open);
    reviewCases(open);
    executionCases(open);
    chainCases(open);
    checkpointCases(open);
    retentionCases(open);
    teamCases(open);
  });
}
