// Query and path parameters, checked like bodies: a bad value is a 422 naming `query.<name>`.

import { ApiError, type FieldError } from '../http/index.ts';
import type { ParameterDoc } from '../schemas/index.ts';

export interface IntegerRule {
  fallback: number;
  min: number;
  max: number;
}

export class QueryReader {
  readonly #query: URLSearchParams;
  readonly #errors: FieldError[] = [];

  constructor(query: URLSearchParams) {
    this.#query = query;
  }

  /**
   * The value of `name`, which must be given at most once: `?limit=1&limit=500` means one thing
   * to a reader that takes the first and another to one that takes the last (a proxy or a WAF in
   * front), as a JSON member named twice does, and is refused the same way.
   */
  #raw(name: string): string | null {
    const all = this.#query.getAll(name);
    if (all.length > 1 && !this.failed(name)) {
      this.#errors.push({ path: `query.${name}`, message: `is given ${all.length} times; give it once` });
    }
    return all[0] ?? null;
  }

  integer(name: string, rule: IntegerRule): number {
    const raw = this.#raw(name);
    if (raw === null || raw === '') return rule.fallback;
    // Decimal digits only: Number() would also accept "1e2", "0x10", " 5" and "5.0".
    const value = /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < rule.min || value > rule.max) {
      this.#errors.push({ path: `query.${name}`, message: `must be an integer from ${rule.min} to ${rule.max}` });
      return rule.fallback;
    }
    return value;
  }

  optionalInteger(name: string, min: number): number | undefined {
    // Empty counts as absent, as in integer(); its fallback would silently narrow a range to seq `min`.
    const raw = this.#raw(name);
    if (raw === null || raw === '') return undefined;
    return this.integer(name, { fallback: min, min, max: Number.MAX_SAFE_INTEGER });
  }

  string(name: string, pattern: RegExp): string | undefined {
    const raw = this.#raw(name);
    if (raw === null || raw === '') return undefined;
    if (!pattern.test(raw)) this.#errors.push({ path: `query.${name}`, message: `must match ${pattern.source}` });
    return raw;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.#raw(name);
    if (raw === null || raw === '') return undefined;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.#errors.push({ path: `query.${name}`, message: `must be one of: ${allowed.join(', ')}` });
      return undefined;
    }
    return raw as T;
  }

  /**
   * An ISO-8601 date-time with an offset (`2026-11-26T09:30:00Z`, `…+01:00`) or a date (its
   * midnight UTC), as UTC in the form created_at is stored in, so the two compare as text.
   */
  dateTime(name: string): string | undefined {
    const raw = this.#raw(name);
    if (raw === null || raw === '') return undefined;
    const at = ISO_DATE_TIME.test(raw) && realDate(raw.slice(0, 10)) ? Date.parse(raw) : Number.NaN;
    if (Number.isNaN(at)) {
      this.#errors.push({ path: `query.${name}`, message: 'must be an ISO-8601 date-time with an offset (2026-11-26T09:30:00Z) or a date (2026-11-26)' });
      return undefined;
    }
    return new Date(at).toISOString();
  }

  /** True when `name` was read and refused. */
  failed(name: string): boolean {
    return this.#errors.some((error) => error.path === `query.${name}`);
  }

  /** Adds an error found by a check across parameters (a range the wrong way round). */
  reject(name: string, message: string): void {
    this.#errors.push({ path: `query.${name}`, message });
  }

  /** `limit` (1..max, default given) and `offset` (>= 0, default 0): the paging every listing shares. */
  paging(defaultLimit: number, maxLimit: number): { limit: number; offset: number } {
    return {
      limit: this.integer('limit', { fallback: defaultLimit, min: 1, max: maxLimit }),
      offset: this.integer('offset', { fallback: 0, min: 0, max: Number.MAX_SAFE_INTEGER }),
    };
  }

  /** Throws one 422 listing every bad parameter. */
  done(): void {
    if (this.#errors.length > 0) {
      throw new ApiError('VALIDATION_FAILED', `Invalid query parameters: ${this.#errors.map((e) => e.path).join(', ')}.`, { errors: this.#errors });
    }
  }
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Date.parse rolls 2026-02-30 over into March; a calendar date must read back as itself. */
function realDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The OpenAPI description of the paging parameters that `QueryReader.paging` reads. */
export function pagingParameters(defaultLimit: number, maxLimit: number): ParameterDoc[] {
  return [
    { name: 'limit', in: 'query', description: `Page size: default ${defaultLimit}, maximum ${maxLimit}.`, schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit } },
    { name: 'offset', in: 'query', description: 'Items to skip.', schema: { type: 'integer', minimum: 0, default: 0 } },
  ];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name an envelope: 404, like any unknown id. */
export function envelopeIdParam(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw new ApiError('ENVELOPE_NOT_FOUND', `"${value ?? ''}" is not an envelope id (a UUID).`);
  return value.toLowerCase();
}
