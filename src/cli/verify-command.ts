// `govgate verify`: walk the ledger's hash chain (or a seq range) against what the trusted keys
// signed (checkpoints, retention runs, the anchor) and print the report. Keys: --public-key (a
// JWK, JWKS or PEM file), else this gateway's checkpoint key (which only proves consistency with
// that key). --checkpoints adds the audit of every stored checkpoint. Exit 0 when everything
// verifies, 1 when not (an unsigned anchor included), so it can gate a cron job or CI.

import { readFileSync } from 'node:fs';
import { createPublicKey } from 'node:crypto';
import type { JWK } from 'jose';
import { loadConfig } from '../config/index.ts';
import { loadConfiguredSigner, openConfiguredLedger, postgresConnection } from '../gateway/index.ts';
import { auditCheckpoints, auditLedger } from '../ledger/index.ts';
import { openOfflineIntake } from '../notify/index.ts';
import { createLogger } from '../observability/index.ts';
import { UsageError } from './serve-command.ts';

export interface VerifyFlags {
  from?: string;
  to?: string;
  checkpoints?: boolean;
  'public-key'?: string;
}

export async function verifyCommand(flags: VerifyFlags, out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const config = loadConfig(process.env);
  const range = { from_seq: seq(flags.from, '--from'), to_seq: seq(flags.to, '--to') };
  const trusted = await trustedKeys(flags['public-key'], config, flags.checkpoints === true);
  const ledger = await openConfiguredLedger(config, { migrate: false });
  // A failed verify is a chain.verify_failed notification: queued here, delivered by the gateway.
  const notices = openOfflineIntake(config, ledger, config.ledger.kind === 'postgres' ? postgresConnection(config) : undefined, createLogger('warn'));
  try {
    const chain = await auditLedger(ledger, trusted, range);
    const rowsPerSecond = chain.rows_checked > 0 && chain.duration_ms > 0 ? Math.round(chain.rows_checked / (chain.duration_ms / 1000)) : null;
    if (!flags.checkpoints) {
      out(JSON.stringify({ ...chain, rows_per_second: rowsPerSecond }, null, 2) + '\n');
      return chain.valid ? 0 : 1;
    }
    const checkpoints = await auditCheckpoints(ledger, trusted);
    out(JSON.stringify({ chain: { ...chain, rows_per_second: rowsPerSecond }, checkpoints }, null, 2) + '\n');
    return chain.valid && checkpoints.valid ? 0 : 1;
  } finally {
    await notices?.close();
    await ledger.close();
  }
}

/**
 * The public keys in a JWK, JWKS ({"keys": [...]}) or PEM file, or this gateway's own key (with
 * --checkpoints even when scheduled checkpoints are off; otherwise only when they are on).
 */
async function trustedKeys(file: string | undefined, config: ReturnType<typeof loadConfig>, always: boolean): Promise<JWK[]> {
  if (file === undefined) {
    const signer = await loadConfiguredSigner(config, undefined, { always });
    return signer ? [signer.publicJwk] : [];
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`--public-key: cannot read ${file} (${(error as Error).message})`);
  }
  if (text.startsWith('-----BEGIN')) return [createPublicKey(text).export({ format: 'jwk' }) as JWK];
  let parsed: { keys?: JWK[] } & JWK;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`--public-key: ${file} is neither a PEM public key nor JSON (JWK or JWKS)`);
  }
  const keys = Array.isArray(parsed.keys) ? parsed.keys : [parsed];
  // A private JWK would work too, but an auditor should never have been given one.
  return keys.map(({ d: _d, ...publicPart }) => publicPart);
}

function seq(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`${flag} "${raw}" must be a positive integer`);
  return value;
}
