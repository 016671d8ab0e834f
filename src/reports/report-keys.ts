// The key report files are signed with: REPORTS_KEY / REPORTS_KEY_FILE (or a key generated once
// into reports-key.jwk beside the ledger), never the certificate key, so either can be rotated or
// revoked alone. Retired report keys (REPORTS_OLD_KEYS_FILE, a JWKS of public keys) stay in the
// published JWKS, so files signed before a rotation still verify.

import { loadSigningKeys, type CertificateKeys } from '../certify/index.ts';
import type { SigningKeysConfig } from '../config/index.ts';

export type ReportKeys = CertificateKeys;

export function loadReportKeys(config: SigningKeysConfig): Promise<ReportKeys> {
  return loadSigningKeys(config, { key: 'REPORTS_KEY', oldKeysFile: 'REPORTS_OLD_KEYS_FILE' });
}
