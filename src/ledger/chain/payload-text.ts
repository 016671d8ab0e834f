// The payload as the PostgreSQL ledger stores it since schema v2: its canonical JSON text, plus the
// character span of every PII leaf in that text (`pii_spans`). Canonical JSON writes each subtree
// as the canonical JSON of that subtree, so the span of a leaf is exactly what its commitment
// covers, and the text with every span replaced by its {"$pii": commitment} placeholder is
// exactly the redacted form payload_digest covers. That lets sealing serialize and detect PII in
// one walk (no JSON round trip, no second serialization for the digest), and lets verify hash
// slices of the stored text instead of parsing and re-serializing it. Spans are not hashed: they
// only say where to look. A row whose spans do not check out is verified the slow way (parse,
// canonicalize), which stays the authority, so a wrong span can never make a bad row pass.

import { canonicalJson, memberPrefix, sortedKeys } from './canonical-json.ts';
import { sha256Hex } from './digests.ts';
import { formatPath, getAtPath, parsePath, setAtPath, setOwnMember, type PathSegment } from './json-paths.ts';
import { LedgerError } from '../ledger-errors.ts';
import { ERASED_VALUE, newSalt, normalizePiiLeaves, placeholderJson, type JsonObject, type SealedPayload } from './pii-commitments.ts';
import { piiDetectorRules, type PiiDetector, type PiiDetectorRules } from '../pii-detector.ts';

/** [start, end) in UTF-16 code units of the payload text. */
export type Span = [start: number, end: number];

export interface SealedPayloadText extends SealedPayload {
  /** canonicalJson(payload): what the payload column stores. */
  payloadText: string;
  /** The span of each PII leaf in payloadText, in pii_paths order. */
  pii_spans: Span[];
}

interface Leaf {
  path: string;
  span: Span;
}

const ERASED_TEXT = JSON.stringify(ERASED_VALUE);

/**
 * Serializes `payload` canonically, finds its PII leaves, commits each with a fresh salt and
 * digests the redacted form. A detector built by createPiiDetector runs inside the serializing
 * walk; any other detector gets a parsed copy, as before. Refuses a payload that is not
 * JSON-serializable or does not serialize to an object (LEDGER_INVALID_ENTRY).
 */
export function sealPayloadText(payload: object, detector: PiiDetector, salt: () => string = newSalt): SealedPayloadText {
  const rules = piiDetectorRules(detector);
  let written: { text: string; leaves: Leaf[] };
  if (rules) {
    written = serializable(() => writeDetecting(payload, rules));
    written.leaves.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  } else {
    const json = serializable(() => JSON.stringify(payload));
    if (typeof json !== 'string' || json[0] !== '{') throw new LedgerError('LEDGER_INVALID_ENTRY', 'payload must serialize to a JSON object');
    const parsed = JSON.parse(json) as JsonObject;
    const leaves = normalizePiiLeaves(parsed, detector(parsed));
    written = writeMarked(parsed, leaves.map((leaf) => leaf.segments), leaves.map((leaf) => leaf.path));
  }
  const { text, leaves } = written;
  if (text[0] !== '{') throw new LedgerError('LEDGER_INVALID_ENTRY', 'payload must serialize to a JSON object');
  const pii_paths: string[] = [];
  const pii_commitments: Record<string, string> = {};
  const pii_salts: Record<string, string> = {};
  const pii_spans: Span[] = [];
  const placeholders: string[] = [];
  for (const leaf of leaves) {
    const s = salt();
    const commitment = sha256Hex(`${s}:${text.slice(leaf.span[0], leaf.span[1])}`);
    pii_paths.push(leaf.path);
    setOwnMember(pii_salts, leaf.path, s);
    setOwnMember(pii_commitments, leaf.path, commitment);
    pii_spans.push(leaf.span);
    placeholders.push(placeholderJson(commitment));
  }
  const digest = sha256Hex(splice(text, pii_spans, placeholders) as string);
  return { payloadText: text, pii_spans, pii_paths, pii_commitments, pii_salts, payload_digest: digest };
}

function serializable<T>(write: () => T): T {
  try {
    return write();
  } catch (err) {
    if (err instanceof LedgerError) throw err;
    throw new LedgerError('LEDGER_INVALID_ENTRY', `payload is not JSON-serializable (${(err as Error)?.message ?? String(err)})`);
  }
}

/**
 * `text` with each span replaced by the string at the same index, spans taken in text order.
 * Undefined when the spans overlap or leave the text.
 */
function splice(text: string, spans: readonly Span[], replacements: readonly string[]): string | undefined {
  if (spans.length === 0) return text;
  const order = spans.length === 1 ? [0] : spans.map((_, i) => i).sort((a, b) => spans[a][0] - spans[b][0]);
  let out = '';
  let at = 0;
  for (const i of order) {
    const [start, end] = spans[i];
    if (start < at || end < start || end > text.length) return undefined;
    out += text.slice(at, start) + replacements[i];
    at = end;
  }
  return out + text.slice(at);
}

/**
 * What JSON.stringify does to a value before writing it: toJSON, then unboxing of Number, String
 * and Boolean objects. undefined, functions and symbols come back as they are (then omitted).
 */
function prepare(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') value = toJSON.call(value, key);
  if (value !== null && typeof value === 'object') {
    if (value instanceof Number) return Number(value);
    if (value instanceof String) return String(value);
    if (value instanceof Boolean) return value.valueOf();
  }
  return value;
}

const omitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** What holdsData() says of a value, read from its canonical text: null, booleans, "" and empty containers hold nothing. */
function textHoldsData(text: string, start: number): boolean {
  if (text.length - start > 5) return true;
  const written = text.slice(start);
  return written !== '""' && written !== '[]' && written !== '{}' && written !== 'null' && written !== 'true' && written !== 'false';
}

/**
 * Canonical JSON of `payload` (as canonicalJson writes it, after JSON.stringify's toJSON and
 * unboxing) and the leaves the detector's rules find, in the same walk. Mirrors the detector's own
 * walk over the parsed payload: a personal key holding data is one leaf (nothing inside it is
 * looked at), any other string leaf is tested against the value patterns.
 */
function writeDetecting(payload: object, rules: PiiDetectorRules): { text: string; leaves: Leaf[] } {
  let out = '';
  const path: PathSegment[] = [];
  const leaves: Leaf[] = [];

  const leafFrom = (start: number): void => {
    leaves.push({ path: formatPath(path), span: [start, out.length] });
  };

  // `value` is prepared and not omitted; `key` is the nearest object key (array elements inherit it).
  const visit = (value: unknown, key: string | null, detect: boolean): void => {
    if (detect && key !== null && rules.isPersonalKey(key)) {
      const start = out.length;
      write(value, key, false);
      if (textHoldsData(out, start)) leafFrom(start);
      else if (value === '' && path.length > 0 && rules.matchesPattern('')) leafFrom(start);
      return;
    }
    write(value, key, detect);
  };

  const write = (value: unknown, key: string | null, detect: boolean): void => {
    switch (typeof value) {
      case 'string': {
        const start = out.length;
        out += JSON.stringify(value);
        if (detect && path.length > 0 && rules.matchesPattern(value)) leafFrom(start);
        return;
      }
      case 'number':
        out += Number.isFinite(value) ? String(value) : 'null';
        return;
      case 'boolean':
        out += value ? 'true' : 'false';
        return;
      case 'bigint':
        throw new TypeError('BigInt is not JSON');
      case 'object': {
        if (value === null) { out += 'null'; return; }
        if (Array.isArray(value)) {
          out += '[';
          for (let i = 0; i < value.length; i += 1) {
            if (i > 0) out += ',';
            const item = prepare(value[i], String(i));
            if (omitted(item)) { out += 'null'; continue; }
            path.push(i);
            visit(item, key, detect);
            path.pop();
          }
          out += ']';
          return;
        }
        const record = value as Record<string, unknown>;
        const keys = sortedKeys(record);
        out += '{';
        let first = true;
        for (const member of keys) {
          const item = prepare(record[member], member);
          if (omitted(item)) continue;
          out += memberPrefix(member, first);
          first = false;
          path.push(member);
          visit(item, member, detect);
          path.pop();
        }
        out += '}';
        return;
      }
      default:
        out += 'null'; // not reached: omitted values are filtered by the caller
    }
  };

  write(prepare(payload, ''), null, true);
  return { text: out, leaves };
}

type Marks = Map<PathSegment, { leaf: number } | { children: Marks }>;

/**
 * Canonical JSON of plain JSON data (parsed, no toJSON, nothing to omit) with the spans of the
 * values at the given paths. Each path must resolve, and none may lie inside another.
 */
function writeMarked(value: unknown, paths: ReadonlyArray<readonly PathSegment[]>, names: readonly string[]): { text: string; leaves: Leaf[] } {
  const root: Marks = new Map();
  paths.forEach((segments, index) => {
    let level = root;
    for (let i = 0; i < segments.length - 1; i += 1) {
      let next = level.get(segments[i]);
      if (next === undefined) { next = { children: new Map() }; level.set(segments[i], next); }
      if (!('children' in next)) return;
      level = next.children;
    }
    level.set(segments[segments.length - 1], { leaf: index });
  });
  const spans: Span[] = new Array(paths.length);
  let out = '';
  const child = (item: unknown, mark: { leaf: number } | { children: Marks } | undefined): void => {
    if (mark === undefined) { out += canonicalJson(item); return; }
    if ('leaf' in mark) {
      const start = out.length;
      out += canonicalJson(item);
      spans[mark.leaf] = [start, out.length];
      return;
    }
    write(item, mark.children);
  };
  const write = (node: unknown, marks: Marks): void => {
    if (Array.isArray(node)) {
      out += '[';
      node.forEach((item, i) => { if (i > 0) out += ','; child(item, marks.get(i)); });
      out += ']';
    } else if (node !== null && typeof node === 'object') {
      out += '{';
      sortedKeys(node).forEach((key, i) => {
        out += memberPrefix(key, i === 0);
        child((node as Record<string, unknown>)[key], marks.get(key));
      });
      out += '}';
    } else {
      out += canonicalJson(node);
    }
  };
  write(value, root);
  const leaves = names.map((path, i) => ({ path, span: spans[i] }));
  if (leaves.some((leaf) => leaf.span === undefined)) throw new TypeError('writeMarked: a path does not resolve');
  return { text: out, leaves };
}

/** The columns the text check reads, PII columns already parsed. */
export interface PayloadTextColumns {
  payload_state: string;
  pii_paths: unknown;
  pii_commitments: Record<string, string>;
  pii_salts: Record<string, string> | null;
  payload_digest: string;
}

/**
 * True when the stored payload text is exactly what the row's commitments and payload_digest
 * cover: each span holds the committed value (present: it matches sha256(salt ":" span);
 * erased: it reads "[erased]"), and the text with the spans replaced by their placeholders
 * hashes to payload_digest. False means "not shown here", never "tampered": the caller then
 * parses the payload and runs checkPayload, which names the problem.
 *
 * Why a true is enough: SHA-256 makes the spliced text equal to the redacted text sealed at
 * append time; each placeholder carries a commitment computed after the payload was fixed, so
 * it can stand in only one place; salts hold no ':', so a commitment fixes its value's text.
 */
export function payloadTextMatches(row: PayloadTextColumns, text: string, spans: unknown): boolean {
  const erased = row.payload_state === 'erased';
  if (!erased && row.payload_state !== 'present') return false;
  const paths = row.pii_paths;
  if (!Array.isArray(paths) || !Array.isArray(spans) || spans.length !== paths.length) return false;
  const commitments = row.pii_commitments;
  if (commitments === null || typeof commitments !== 'object' || Object.keys(commitments).length !== paths.length) return false;
  if (paths.length > 1 && new Set(paths).size !== paths.length) return false;
  const placeholders = new Array<string>(paths.length);
  for (let i = 0; i < paths.length; i += 1) {
    const path = paths[i];
    const span = spans[i];
    if (typeof path !== 'string' || !Object.hasOwn(commitments, path)) return false;
    if (!Array.isArray(span) || span.length !== 2 || !Number.isSafeInteger(span[0]) || !Number.isSafeInteger(span[1])) return false;
    const commitment = commitments[path];
    if (typeof commitment !== 'string') return false;
    const value = text.slice(span[0], span[1]);
    if (erased) {
      if (value !== ERASED_TEXT) return false;
    } else {
      const salt = row.pii_salts !== null && Object.hasOwn(row.pii_salts, path) ? row.pii_salts[path] : undefined;
      if (typeof salt !== 'string' || salt.includes(':') || sha256Hex(`${salt}:${value}`) !== commitment) return false;
    }
    placeholders[i] = placeholderJson(commitment);
  }
  const redacted = splice(text, spans as Span[], placeholders);
  return redacted !== undefined && sha256Hex(redacted) === row.payload_digest;
}

/**
 * The erased form of a payload stored as text: each listed leaf becomes "[erased]". Returns the
 * new canonical text and its spans, or, when a path does not resolve (a damaged row), the erased
 * payload's JSON without spans, as erasure always wrote it.
 */
export function erasePayloadText(text: string, paths: readonly string[]): { text: string; spans: Span[] | null } {
  const payload = JSON.parse(text) as JsonObject;
  let segments: PathSegment[][] | undefined = paths.map((path) => parsePath(path));
  for (const path of segments) {
    if (!getAtPath(payload, path).found) { segments = undefined; break; }
  }
  for (const path of paths) setAtPath(payload, parsePath(path), ERASED_VALUE);
  if (segments) {
    try {
      const written = writeMarked(payload, segments, paths);
      return { text: written.text, spans: written.leaves.map((leaf) => leaf.span) };
    } catch {
      // nested paths (never written by sealing): fall through
    }
  }
  return { text: JSON.stringify(payload), spans: null };
}
