// `govgate retention run`: drops payloads older than HOT_PAYLOAD_DAYS now (the gateways also do
// it every RETENTION_INTERVAL_MINUTES). Metadata, digests and commitments stay, so the chain
// still verifies. With PostgreSQL it takes the retention advisory lock: when a gateway is
// running the job at that moment, this run reports ran: false and does nothing.

import { loadConfig } from '../config/index.ts';
import { openConfiguredLedger, runRetention } from '../gateway/index.ts';
import { UsageError } from './serve-command.ts';

export async function retentionCommand(args: string[], out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  if (args[0] !== 'run' || args.length > 1) throw new UsageError('usage: govgate retention run');
  const config = loadConfig(process.env);
  const ledger = await openConfiguredLedger(config, { migrate: false });
  try {
    const report = await runRetention(ledger, config.retention, new Date());
    out(JSON.stringify(report, null, 2) + '\n');
    return 0;
  } finally {
    await ledger.close();
  }
}
