// Errors the ledger raises, each with a stable `code` so callers (the HTTP layer, the gateway's
// fail-closed logic) match on the code and never on message text.

export const LEDGER_ERROR_CODES = {
  LEDGER_INVALID_ENTRY: 'The entry does not satisfy the LedgerEntry contract',
  LEDGER_INVALID_PII_PATH: 'The PII detector returned a path that is malformed or absent from the payload',
  LEDGER_DUPLICATE_ENVELOPE: 'A row with this envelope_id already exists',
  LEDGER_DUPLICATE_POST_CHECK: 'This pre-check already has a post-check row',
  LEDGER_CLOSED: 'The ledger is closed',
  LEDGER_WRITE_FAILED: 'The store could not commit the batch',
  LEDGER_INVALID_ARGUMENT: 'An argument of a ledger call is invalid',
} as const;

export type LedgerErrorCode = keyof typeof LEDGER_ERROR_CODES;

export class LedgerError extends Error {
  readonly code: LedgerErrorCode;

  constructor(code: LedgerErrorCode, detail?: string, options?: ErrorOptions) {
    super(detail ? `${LEDGER_ERROR_CODES[code]}: ${detail}` : LEDGER_ERROR_CODES[code], options);
    this.name = 'LedgerError';
    this.code = code;
  }
}
