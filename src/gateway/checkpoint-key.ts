// The checkpoint signing key the configuration names: CHECKPOINT_KEY, CHECKPOINT_KEY_FILE, or a
// key generated once into the data directory (one per gateway when nothing is configured, which
// is why a fleet should share one configured key: the auditor then trusts one public key).

import { readFileSync } from 'node:fs';
import type { Config } from '../config/index.ts';
import { loadCheckpointSigner, type CheckpointSigner } from '../ledger/index.ts';
import type { Logger } from '../observability/index.ts';

/** The signer for scheduled checkpoints, or null when CHECKPOINT_INTERVAL_SECONDS=0. */
export async function loadConfiguredSigner(config: Config, logger?: Logger, options: { always?: boolean } = {}): Promise<CheckpointSigner | null> {
  const settings = config.checkpoints;
  if (settings.intervalSeconds === 0 && !options.always) return null;
  const key = settings.key ?? (settings.keyFile ? readFileSync(settings.keyFile, 'utf8') : null);
  let signer: CheckpointSigner;
  try {
    signer = await loadCheckpointSigner({ key, generatedKeyPath: settings.generatedKeyPath });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (key !== null || !['EACCES', 'EPERM', 'EROFS', 'ENOENT'].includes(code ?? '')) throw error;
    // A read-only data directory (common for a sidecar): sign with a key of this process only.
    logger?.warn('cannot keep a generated checkpoint key, signing with a key that lasts until this process stops; set CHECKPOINT_KEY', {
      path: settings.generatedKeyPath, error: (error as Error).message,
    });
    signer = await loadCheckpointSigner({ key: null, generatedKeyPath: null });
  }
  if (key === null && config.ledger.kind === 'postgres') {
    logger?.warn('checkpoints are signed with a key generated for this gateway; set CHECKPOINT_KEY (or CHECKPOINT_KEY_FILE) so the whole fleet signs with one key', { key_id: signer.keyId });
  }
  return signer;
}
