// The PostgreSQL store: the same Ledger contract suite as SQLite, on a fresh schema per case.

import { describe } from 'node:test';
import { openPostgresLedger } from '../../../src/ledger/index.ts';
import { createTestSchema, probePostgres } from '../../helpers/postgres.ts';
import { ledgerContractSuite } from './ledger-contract.ts';

const { skip } = await probePostgres();

describe('postgres', { skip }, () => {
  ledgerContractSuite('postgres', async (options) => {
    const db = await createTestSchema();
    const ledger = await openPostgresLedger({ ...db.options, ...options });
    return { ledger, cleanup: async () => { await ledger.close(); await db.drop(); } };
  });
});
