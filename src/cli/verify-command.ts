// `govgate verify`: walk the ledger's hash chain (or a seq range) and print the report.
// Exit 0 when the chain verifies, 1 when it does not, so it can gate a cron job or CI.

import { loadConfig } from '../config/index.ts';
import { openSqliteLedger } from '../ledger/index.ts';
import { UsageError } from './serve-command.ts';

export async function verifyCommand(flags: { from?: string; to?: string }): Promise<number> {
  const config = loadConfig(process.env);
  if (config.ledger.kind !== 'sqlite') throw new UsageError('govgate verify supports the SQLite ledger (LEDGER_PATH) in this build.');
  const range = { from_seq: seq(flags.from, '--from'), to_seq: seq(flags.to, '--to') };
  const ledger = openSqliteLedger({ path: config.ledger.path });
  try {
    const report = await ledger.verify(range);
    process.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return report.valid ? 0 : 1;
  } finally {
    await ledger.close();
  }
}

function seq(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`${flag} "${raw}" must be a positive integer`);
  return value;
}
