// The one hash function of the ledger: SHA-256 over UTF-8 text, as lowercase hex.

import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
