// `govgate retention run`: drops payloads older than HOT_PAYLOAD_DAYS and deletes the chain's
// prefix older than METADATA_YEARS now (the gateways also do it every RETENTION_INTERVAL_MINUTES).
// The chain still verifies, from the anchor the run leaves (signed as a checkpoint when
// checkpoints are on). With PostgreSQL it takes the retention advisory lock: when a gateway is
// running the job at that moment, this run reports ran: false and does nothing. Then the analytics
// roll-up rows past their grain's horizon are pruned (`analytics_pruned`; docs/analytics.md).

import { loadConfig } from '../config/index.ts';
import { loadConfiguredSigner, openConfiguredLedger, runRetention } from '../gateway/index.ts';
import { keptFrom, RollupPruning } from '../insight/analytics/index.ts';
import { openInsightDb } from '../insight/open-insight-db.ts';
import { rollupHorizons } from '../insight/start-insight.ts';
import { UsageError } from './serve-command.ts';

export async function retentionCommand(args: string[], out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  if (args[0] !== 'run' || args.length > 1) throw new UsageError('usage: govgate retention run');
  const config = loadConfig(process.env);
  const signer = await loadConfiguredSigner(config);
  const ledger = await openConfiguredLedger(config, { migrate: false });
  try {
    const now = new Date();
    const report = await runRetention(ledger, config.retention, now, { signer });
    const insight = await openInsightDb(config, () => {});
    let pruned = null;
    try {
      pruned = insight ? await new RollupPruning(insight).run(keptFrom(rollupHorizons(config), now)) : null;
    } finally {
      await insight?.close();
    }
    out(JSON.stringify({ ...report, analytics_pruned: pruned }, null, 2) + '\n');
    return 0;
  } finally {
    await ledger.close();
  }
}
