// Per-leaf commitments for personal data. Each PII leaf is committed as
// sha256(salt + ':' + canonicalJson(value)); the chain hashes only the commitments and the digest
// of the payload with those leaves replaced by {"$pii": commitment}. Erasing a leaf (or dropping
// the whole payload) therefore never changes anything the chain covers.

import { randomBytes } from 'node:crypto';
import { canonicalJson, canonicalJsonWith, type Substitutions } from './canonical-json.ts';
import { sha256Hex } from './digests.ts';
import { formatPath, getAtPath, isPathPrefix, parsePath, setAtPath, setOwnMember, type PathSegment } from './json-paths.ts';
import { LedgerError } from '../ledger-errors.ts';

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

/** Bytes drawn from the CSPRNG at once: one call serves many salts instead of one call per PII leaf. */
const SALT_BYTES = 16;
const POOL_BYTES = SALT_BYTES * 256;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 16 fresh random bytes as hex. Each pooled byte is handed out once. */
export function newSalt(): string {
  if (poolOffset + SALT_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const salt = pool.toString('hex', poolOffset, poolOffset + SALT_BYTES);
  poolOffset += SALT_BYTES;
  return salt;
}

export function piiCommitment(salt: string, value: unknown): string {
  return sha256Hex(`${salt}:${canonicalJson(value)}`);
}

export interface PiiLeaf {
  path: string;
  segments: PathSegment[];
  value: unknown;
}

/**
 * Turns detector output into the stored path list: every path parsed, present in the payload,
 * written in canonical form, de-duplicated, nested paths folded into their ancestor, sorted.
 */
export function normalizePiiPaths(payload: JsonObject, paths: readonly string[]): string[] {
  return normalizePiiLeaves(payload, paths).map((leaf) => leaf.path);
}

export function normalizePiiLeaves(payload: JsonObject, paths: readonly string[]): PiiLeaf[] {
  const leaves: PiiLeaf[] = [];
  const seen = new Set<string>();
  for (const path of paths) {
    let segments: PathSegment[];
    try {
      segments = parsePath(path);
    } catch (err) {
      throw new LedgerError('LEDGER_INVALID_PII_PATH', (err as Error).message, { cause: err });
    }
    const found = getAtPath(payload, segments);
    if (!found.found) throw new LedgerError('LEDGER_INVALID_PII_PATH', `${path} is not in the payload`);
    const canonical = formatPath(segments);
    if (!seen.has(canonical)) { seen.add(canonical); leaves.push({ path: canonical, segments, value: found.value }); }
  }
  const kept = leaves.length < 2 ? leaves : leaves.filter((leaf) => !leaves.some((other) => isPathPrefix(other.segments, leaf.segments)));
  return kept.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Commits each PII leaf with a fresh salt and digests the redacted form. The payload is not
 * copied: the digest is computed by writing each PII leaf's placeholder in its place.
 */
export function sealPayload(payload: JsonObject, detectedPaths: readonly string[], salt: () => string = newSalt): SealedPayload {
  const leaves = normalizePiiLeaves(payload, detectedPaths);
  const pii_paths: string[] = [];
  const pii_commitments: Record<string, string> = {};
  const pii_salts: Record<string, string> = {};
  const substitutions: Substitutions = new Map();
  for (const leaf of leaves) {
    const s = salt();
    const commitment = piiCommitment(s, leaf.value);
    pii_paths.push(leaf.path);
    setOwnMember(pii_salts, leaf.path, s);
    setOwnMember(pii_commitments, leaf.path, commitment);
    substitute(substitutions, leaf.segments, placeholderJson(commitment));
  }
  return { pii_paths, pii_commitments, pii_salts, payload_digest: sha256Hex(canonicalJsonWith(payload, substitutions)) };
}

/** canonicalJson of {"$pii": commitment}: a commitment is lowercase hex, so it needs no escaping. */
export function placeholderJson(commitment: string): string {
  return `{${JSON.stringify(PII_PLACEHOLDER_KEY)}:${JSON.stringify(commitment)}}`;
}

/** Adds one path; folded paths never nest, so a leaf never sits below another leaf. */
function substitute(root: Substitutions, segments: readonly PathSegment[], text: string): void {
  let level = root;
  for (let i = 0; i < segments.length - 1; i += 1) {
    let next = level.get(segments[i]);
    if (next === undefined) {
      next = { children: new Map() };
      level.set(segments[i], next);
    }
    if (!('children' in next)) return;
    level = next.children;
  }
  level.set(segments[segments.length - 1], { text });
}

/**
 * payloadDigest(redactPayload(payload, commitments)) without the copy: each committed leaf is
 * written as its placeholder while the payload is serialized, exactly as sealPayload does.
 * Undefined when a committed path is missing from the payload.
 */
export function redactedDigest(payload: JsonObject, commitments: Record<string, string>): string | undefined {
  const substitutions: Substitutions = new Map();
  for (const [path, commitment] of Object.entries(commitments)) {
    const segments = parsePath(path);
    if (!getAtPath(payload, segments).found) return undefined;
    substitute(substitutions, segments, placeholderJson(commitment));
  }
  return sha256Hex(canonicalJsonWith(payload, substitutions));
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
