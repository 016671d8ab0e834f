// `govgate checkpoint create | public-key`: sign the current chain head now (the gateways also do
// it every CHECKPOINT_INTERVAL_SECONDS), or print the public JWK an auditor should keep to check
// checkpoints without trusting the database.

import { loadConfig } from '../config/index.ts';
import { loadConfiguredSigner, openConfiguredLedger } from '../gateway/index.ts';
import { checkpointHead } from '../ledger/index.ts';
import { UsageError } from './serve-command.ts';

export async function checkpointCommand(args: string[], out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const [sub] = args;
  if ((sub !== 'create' && sub !== 'public-key') || args.length > 1) throw new UsageError('usage: govgate checkpoint create | checkpoint public-key');
  const config = loadConfig(process.env);
  if (config.checkpoints.generatedKeyPath === null && !config.checkpoints.key && !config.checkpoints.keyFile) {
    throw new UsageError('LEDGER_PATH is :memory: and no CHECKPOINT_KEY is set, so there is no lasting key; set CHECKPOINT_KEY or CHECKPOINT_KEY_FILE');
  }
  const signer = (await loadConfiguredSigner(config, undefined, { always: true }))!;
  if (sub === 'public-key') {
    out(JSON.stringify(signer.publicJwk, null, 2) + '\n');
    return 0;
  }
  const ledger = await openConfiguredLedger(config, { migrate: false });
  try {
    const result = await ledger.runExclusive('checkpoint', () => checkpointHead(ledger, signer));
    const checkpoint = result.ran ? result.value ?? null : null;
    out(JSON.stringify({ created: checkpoint !== null, checkpoint, head: await ledger.head() }, null, 2) + '\n');
    return 0;
  } finally {
    await ledger.close();
  }
}
