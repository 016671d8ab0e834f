// `govgate migrate`: brings the ledger's schema to this build's version. PostgreSQL: under an
// advisory lock, so it is safe while gateways are starting (they migrate on start-up the same
// way); SQLite: opening the file migrates it. Prints what was applied as JSON.

import { loadConfig } from '../config/index.ts';
import { postgresConnection } from '../gateway/index.ts';
import { migratePostgresSchema, openSqliteLedger } from '../ledger/index.ts';

export async function migrateCommand(out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const config = loadConfig(process.env);
  if (config.ledger.kind === 'postgres') {
    const report = await migratePostgresSchema(postgresConnection(config));
    out(JSON.stringify({ store: 'postgres', ...report }, null, 2) + '\n');
    return 0;
  }
  if (config.ledger.kind === 'central') {
    out(JSON.stringify({ store: 'central', url: config.ledger.url, migrated: false, reason: 'the central gateway owns the schema; run migrate there' }, null, 2) + '\n');
    return 0;
  }
  const ledger = openSqliteLedger({ path: config.ledger.path });
  await ledger.close();
  out(JSON.stringify({ store: 'sqlite', path: config.ledger.path, migrated: true }, null, 2) + '\n');
  return 0;
}
