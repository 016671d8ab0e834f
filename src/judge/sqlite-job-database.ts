// The jobs' connection to the ledger file. For ':memory:' (tests, throwaway gateways) the jobs get
// a database of their own: nothing in memory survives a restart anyway.

import type { DatabaseSync } from 'node:sqlite';
import { openLedgerDatabase } from '../ledger/index.ts';

export function openLedgerDatabaseForJobs(path: string): DatabaseSync {
  // The ledger already migrated a file; ':memory:' is a new database that needs the tables.
  return openLedgerDatabase(path, { migrate: path === ':memory:' });
}
