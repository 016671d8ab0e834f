// The webhook's serving certificate, from files (a mounted Secret), re-read when they change:
// cert-manager renews certificates in place, and a webhook that kept the old one would be
// refused by the API server once it expired. A pair that does not load (a key that does not
// match, a half-written file) is rejected and the last good pair keeps serving.

import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { ConfigFileError, watchConfigFile, type WatchedConfigFile } from '../config/index.ts';
import type { Logger } from '../observability/index.ts';

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/**
 * Loads the pair (a bad pair throws ConfigFileError) and watches the certificate's directory
 * (a Secret volume holds both files and swaps them together).
 */
export function watchTlsFiles(options: { certPath: string; keyPath: string; logger: Logger; onApply(pair: TlsPair): void }): WatchedConfigFile<TlsPair> {
  return watchConfigFile<TlsPair>({
    path: options.certPath,
    logger: options.logger,
    parse: (certText, display) => {
      let key: Buffer;
      try {
        key = readFileSync(options.keyPath);
      } catch (error) {
        throw new ConfigFileError([{ file: options.keyPath, line: null, column: null, path: '', message: `cannot be read: ${(error as Error).message}` }]);
      }
      const pair = { cert: Buffer.from(certText), key };
      try {
        tls.createSecureContext(pair);
      } catch (error) {
        throw new ConfigFileError([{ file: display, line: null, column: null, path: '', message: `with ${options.keyPath} is not a usable certificate and key: ${(error as Error).message}` }]);
      }
      return pair;
    },
    onApply: options.onApply,
  });
}
