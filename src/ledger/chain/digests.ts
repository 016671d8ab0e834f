// The one hash function of the ledger: SHA-256 over UTF-8 text, as lowercase hex. The one-shot
// crypto.hash() avoids building a Hash object per call (three or more per appended row).

import { hash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
