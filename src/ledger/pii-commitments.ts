// Per-leaf commitments for personal data. Each PII leaf is committed as
// sha256(salt + ':' + canonicalJson(value)); the chain hashes only the commitments and the digest
// of the payload with those leaves replaced by {"$pii": commitment}. Erasing a leaf (or dropping
// the whole payload) therefore never changes anything the chain covers.

import { randomBytes } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './digests.ts';
import { formatPath, getAtPath, isPathPrefix, parsePath, setAtPath, setOwnMember, type PathSegment } from './json-paths.ts';
import { LedgerError } from './ledger-errors.ts';

/** What an erased leaf reads as. */
export const ERASED_VALUE = '[erased]';
/** The member name of the placeholder that stands for a PII leaf in the redacted form. */
export const PII_PLACEHOLDER_KEY = '$pii';

export type JsonObject = Record<string, unknown>;

export interface SealedPayload {
  pii_paths: string[];
  pii_commitments: Record<string, string>;
  pii_salts: Record<string, string>;
  payload_digest: string;
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

export function piiCommitment(salt: string, value: unknown): string {
  return sha256Hex(`${salt}:${canonicalJson(value)}`);
}

/**
 * Turns detector output into the stored path list: every path parsed, present in the payload,
 * written in canonical form, de-duplicated, nested paths folded into their ancestor, sorted.
 */
export function normalizePiiPaths(payload: JsonObject, paths: readonly string[]): string[] {
  const parsed: PathSegment[][] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    let segments: PathSegment[];
    try {
      segments = parsePath(path);
    } catch (err) {
      throw new LedgerError('LEDGER_INVALID_PII_PATH', (err as Error).message, { cause: err });
    }
    if (!getAtPath(payload, segments).found) throw new LedgerError('LEDGER_INVALID_PII_PATH', `${path} is not in the payload`);
    const canonical = formatPath(segments);
    if (!seen.has(canonical)) { seen.add(canonical); parsed.push(segments); }
  }
  return parsed
    .filter((segments) => !parsed.some((other) => isPathPrefix(other, segments)))
    .map(formatPath)
    .sort();
}

/** Commits each PII leaf with a fresh salt and digests the redacted form. */
export function sealPayload(payload: JsonObject, detectedPaths: readonly string[], salt: () => string = newSalt): SealedPayload {
  const pii_paths = normalizePiiPaths(payload, detectedPaths);
  const pii_commitments: Record<string, string> = {};
  const pii_salts: Record<string, string> = {};
  for (const path of pii_paths) {
    const value = getAtPath(payload, parsePath(path)).value;
    const s = salt();
    setOwnMember(pii_salts, path, s);
    setOwnMember(pii_commitments, path, piiCommitment(s, value));
  }
  const redacted = redactPayload(payload, pii_commitments);
  if (redacted === undefined) throw new LedgerError('LEDGER_INVALID_PII_PATH', 'a PII path vanished while sealing');
  return { pii_paths, pii_commitments, pii_salts, payload_digest: payloadDigest(redacted) };
}

/** A copy with every committed leaf replaced by its placeholder; undefined when a path is missing. */
export function redactPayload(payload: JsonObject, commitments: Record<string, string>): JsonObject | undefined {
  const copy = cloneJson(payload);
  for (const [path, commitment] of Object.entries(commitments)) {
    const placeholder = {};
    setOwnMember(placeholder, PII_PLACEHOLDER_KEY, commitment);
    if (!setAtPath(copy, parsePath(path), placeholder)) return undefined;
  }
  return copy;
}

export function payloadDigest(redacted: JsonObject): string {
  return sha256Hex(canonicalJson(redacted));
}

/** A copy with each listed leaf set to ERASED_VALUE (paths absent from the payload are skipped). */
export function erasePayload(payload: JsonObject, paths: readonly string[]): JsonObject {
  const copy = cloneJson(payload);
  for (const path of paths) setAtPath(copy, parsePath(path), ERASED_VALUE);
  return copy;
}

/** JSON.parse builds members with CreateDataProperty, so even "__proto__" keys survive the copy. */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
