// Personal data masked by role: a ledger row lists the payload fields that held personal data
// (`pii_paths`); a caller whose roles may not read them (src/auth/roles.ts PERSONAL_DATA_ROLES)
// gets those fields replaced with a marker, and `masked_paths` saying which. The gateway masks,
// so no page, script or curl of a reviewer or viewer sees the values. Pure, except for reading
// the principal's roles.

import type { RequestContext } from '../http/index.ts';
import { mayReadPersonalData } from '../auth/index.ts';
import { ERASED_VALUE, cloneJson, getAtPath, parsePath, setAtPath, type LedgerRow } from '../ledger/index.ts';

/** What a masked field reads. Distinct from "[erased]": the value exists, this caller may not read it. */
export const MASKED_VALUE = '[masked: pii]';

/**
 * True when the caller may read personal data. No principal (a route reached without the auth
 * hook) is treated as may-not: masking is the safe side to fail to.
 */
export function readsPersonalData(ctx: Pick<RequestContext, 'principal'>): boolean {
  return ctx.principal !== undefined && mayReadPersonalData(ctx.principal.roles);
}

export type MaskedRow<T> = T & { masked_paths: string[]; payload_note?: string };

/**
 * The row with every PII field of its payload replaced by MASKED_VALUE. `masked_paths` lists the
 * fields replaced; a field already erased keeps "[erased]" (nothing personal is left in it) and is
 * not listed. A path that cannot be read (a tampered row) withholds the whole payload.
 */
export function maskRow<T extends Pick<LedgerRow, 'payload' | 'pii_paths'>>(row: T): MaskedRow<T> {
  if (row.payload === null || row.pii_paths.length === 0) return { ...row, masked_paths: [] };
  const payload = cloneJson(row.payload);
  const masked: string[] = [];
  for (const path of row.pii_paths) {
    let segments;
    try {
      segments = parsePath(path);
    } catch {
      return { ...row, payload: null, masked_paths: [...row.pii_paths], payload_note: 'The payload is withheld: its personal-data fields could not be located, and this caller\'s roles do not include reading personal data.' };
    }
    const at = getAtPath(payload, segments);
    if (!at.found || at.value === ERASED_VALUE) continue;
    setAtPath(payload, segments, MASKED_VALUE);
    masked.push(path);
  }
  return { ...row, payload, masked_paths: masked };
}

/** `row` as this caller may read it: unchanged for the personal-data roles, masked for the others. */
export function rowForCaller<T extends Pick<LedgerRow, 'payload' | 'pii_paths'>>(ctx: Pick<RequestContext, 'principal'>, row: T): T | MaskedRow<T> {
  return readsPersonalData(ctx) ? row : maskRow(row);
}
