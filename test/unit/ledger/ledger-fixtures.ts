// Shared builders for the ledger tests: entries with sensible defaults and a harness that
// always closes what it opened.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCheckpointSigner, type CheckpointSigner, type Ledger, type LedgerEntry } from '../../../src/ledger/index.ts';

/** Opens an empty ledger; `now` (when given) is its clock for created_at. */
export type OpenLedger = (options?: { now?: () => Date }) => Promise<{ ledger: Ledger; cleanup(): Promise<void> }>;

export function makeEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    envelope_id: randomUUID(),
    parent_envelope_id: null,
    kind: 'validate',
    agent_id: 'agent-a',
    action: null,
    outcome: 'approve',
    risk_tier: 'low',
    risk_score: 12.5,
    final_confidence: 91,
    policy_version: 'policy-1',
    score_version: 'score-1',
    reviewer_id: null,
    review_deadline: null,
    payload: { request: { user: 'alice', input: 'summarize the report' }, output: { answer: 42, items: [1, 2] } },
    ...overrides,
  };
}

export async function withLedger(open: OpenLedger, body: (ledger: Ledger) => Promise<void>, options?: { now?: () => Date }): Promise<void> {
  const { ledger, cleanup } = await open(options);
  try {
    await body(ledger);
  } finally {
    await cleanup();
  }
}

/** Appends one after another, so seq order equals call order. */
export async function appendInOrder(ledger: Ledger, entries: LedgerEntry[]) {
  const rows = [];
  for (const entry of entries) rows.push(await ledger.append(entry));
  return rows;
}

/** A checkpoint signer with a freshly generated key (the key file is removed at once). */
export async function signer(): Promise<CheckpointSigner> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-key-'));
  try {
    return await loadCheckpointSigner({ generatedKeyPath: join(dir, 'checkpoint-key.jwk') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
