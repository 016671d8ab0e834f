// policy_version comes from the bundle's bytes, so every decision names exactly the policy that made
// it: the same files give the same version on every replica, and any edited byte gives a new one.

import { createHash } from 'node:crypto';
import type { SourceFile } from './yaml-source.ts';

export function bundleVersion(files: readonly SourceFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0))) {
    // Length-prefixing keeps ("a", "bc") and ("ab", "c") from hashing alike.
    hash.update(`${file.relPath}\u0000${file.bytes.byteLength}\u0000`);
    hash.update(file.bytes);
  }
  return `pol-${hash.digest('hex').slice(0, 12)}`;
}
