// Finds the payload leaves that hold personal data, so the ledger can commit to them one by
// one and erase them later without breaking the chain. The default is deliberately simple
// (key names + three value patterns); the gateway may pass a detector built from its policy.

import { detachedString } from '../json/index.ts';
import { formatPath, type PathSegment } from './chain/json-paths.ts';
import { compileLinearPattern, compilePatternSet, isLinearPattern, lazyLinearPattern, type LinearPatternSpec } from '../linear-regex/index.ts';

/** Returns the paths (json-paths.ts format) of the leaves holding personal data. */
export type PiiDetector = (payload: Record<string, unknown>) => string[];

export interface PiiDetectorOptions {
  /** Keys whose whole value is personal. Compared case-insensitively, ignoring `_`, `-` and spaces. */
  personalKeys?: readonly string[];
  /** A string leaf matching any of these is personal, whatever its key. */
  valuePatterns?: readonly ValueMatcher[];
}

/** A RegExp, or anything else that can test a string (e.g. a pattern plus a checksum). */
export interface ValueMatcher {
  test(text: string): boolean;
}

export const DEFAULT_PERSONAL_KEYS: readonly string[] = [
  'user', 'username', 'user_name', 'email', 'email_address', 'phone', 'phone_number', 'mobile', 'telephone',
  'name', 'full_name', 'first_name', 'last_name', 'given_name', 'family_name', 'surname',
  'address', 'street', 'street_address', 'postal_code', 'zip', 'zip_code',
  'ssn', 'social_security_number', 'national_id', 'tax_id', 'passport', 'passport_number',
  'date_of_birth', 'dob', 'birth_date', 'birthdate', 'iban', 'card_number', 'credit_card', 'ip_address',
];

// Linear-time patterns (RE2): payload text comes from tools and agents, and a backtracking engine
// can be made to take seconds on one string (this email pattern once took 16 s on 100 KB).
// Boundaries are consumed characters, not lookarounds, which keeps them on RE2's fast DFA.
// Compiled when first run (lazyLinearPattern), not at import.
const EMAIL = lazyLinearPattern('(?:^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}');
/** +CC followed by digit groups, or the North-American 3-3-4 form; ISO dates and UUIDs do not match. */
const PHONE = lazyLinearPattern('(?:^|[^\\w+-])(?:\\+\\d{1,3}(?:[ .-]?\\(?\\d{1,4}\\)?){2,5}|\\(?\\d{3}\\)?[ .-]\\d{3}[ .-]\\d{4})(?:[^\\w-]|$)');
const CARD_CANDIDATES = lazyLinearPattern('(?:^|[^\\d-])(?<value>[2-6](?:[ -]?\\d){12,18})(?:[^\\d-]|$)');

/** A card-number pattern that also requires the Luhn checksum, to spare timestamps and ids. */
export const CARD_NUMBER: ValueMatcher = {
  test(text: string): boolean {
    let found = false;
    CARD_CANDIDATES.forEachMatch(text, (start, end) => {
      if (!found && luhnValid(text.slice(start, end).replace(/[ -]/g, ''))) found = true;
    });
    return found;
  },
};

// Cheap necessary conditions of the built-in patterns, tested before the pattern itself: a string
// that fails one cannot match its pattern (email needs an '@'; a phone number '+' and a digit, or
// the 3-3-4 digit groups; a card candidate 13 digits with at most single separators between them).
// Most strings with digits (timestamps, ids, versions, amounts) fail them, and the RE2 automaton,
// written in JavaScript, costs far more than these native RegExps (no nested quantifiers: linear).
const PHONE_SHAPE = /\+\d|\d{3}\)?[ .-]\d{3}[ .-]\d{4}/;
const CARD_SHAPE = /[2-6](?:[ -]?\d){12}/;
const hasAt = (text: string): boolean => text.includes('@');
const phoneShaped = (text: string): boolean => PHONE_SHAPE.test(text);
const cardShaped = (text: string): boolean => CARD_SHAPE.test(text);
const samePattern = (matcher: ValueMatcher, pattern: typeof EMAIL): boolean =>
  isLinearPattern(matcher) && matcher.source === pattern.source && matcher.flags === pattern.flags;

export const DEFAULT_VALUE_PATTERNS: readonly ValueMatcher[] = [EMAIL, PHONE, CARD_NUMBER];

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

const normalizeKey = (key: string): string => key.toLowerCase().replace(/[\s_-]/g, '');

/**
 * What a detector built by createPiiDetector was built from, in a form that survives
 * structured cloning (RegExps do, functions do not): the SQLite ledger rebuilds the detector
 * inside its writer thread from it. Built-in matchers are named, not cloned.
 */
export interface PiiDetectorSpec {
  personalKeys: string[];
  valuePatterns: Array<RegExp | LinearPatternSpec | BuiltinMatcherName>;
}

type BuiltinMatcherName = 'card_number';
const BUILTIN_MATCHERS: ReadonlyMap<BuiltinMatcherName, ValueMatcher> = new Map([['card_number', CARD_NUMBER]]);

const specs = new WeakMap<PiiDetector, PiiDetectorSpec>();

/**
 * The two tests a detector built by createPiiDetector applies, for a walk that finds PII while it
 * does something else with the payload (payload-text.ts serializes and detects in one pass).
 */
export interface PiiDetectorRules {
  isPersonalKey(key: string): boolean;
  matchesPattern(text: string): boolean;
}

const rulesOf = new WeakMap<PiiDetector, PiiDetectorRules>();

/** The rules of a detector built by createPiiDetector; undefined for a hand-written function. */
export function piiDetectorRules(detector: PiiDetector): PiiDetectorRules | undefined {
  return rulesOf.get(detector);
}

/** The spec a detector was built from, or undefined for a hand-written detector function. */
export function piiDetectorSpec(detector: PiiDetector): PiiDetectorSpec | undefined {
  return specs.get(detector);
}

/** Rebuilds a detector from piiDetectorSpec(); the result finds exactly what the original finds. */
export function piiDetectorFromSpec(spec: PiiDetectorSpec): PiiDetector {
  const valuePatterns = spec.valuePatterns.map((pattern) => {
    if (pattern instanceof RegExp) return pattern;
    if (typeof pattern === 'object') return compileLinearPattern(pattern.linear.source, pattern.linear.flags);
    const builtin = BUILTIN_MATCHERS.get(pattern);
    if (!builtin) throw new TypeError(`piiDetectorFromSpec: unknown matcher ${String(pattern)}`);
    return builtin;
  });
  return createPiiDetector({ personalKeys: spec.personalKeys, valuePatterns });
}

/** A RegExp survives structured cloning only when nothing but its source and flags matter. */
function cloneableMatcher(matcher: ValueMatcher): RegExp | LinearPatternSpec | BuiltinMatcherName | undefined {
  for (const [name, builtin] of BUILTIN_MATCHERS) if (builtin === matcher) return name;
  if (isLinearPattern(matcher)) return matcher.toSpec();
  const plainRegExp = matcher instanceof RegExp && Object.getPrototypeOf(matcher) === RegExp.prototype
    && Reflect.ownKeys(matcher).every((key) => key === 'lastIndex');
  return plainRegExp ? matcher : undefined;
}

/** Personal-key lookups are cached per detector; keys come from payloads, so the cache is bounded (entries, key length). */
const KEY_CACHE_LIMIT = 4096;
const KEY_CACHE_MAX_KEY_LENGTH = 128;

/**
 * Strings that hold no value pattern, remembered per detector. Most string leaves of a ledger
 * payload are the gateway's own texts that recur call after call (reasons, check names, tool and
 * route names, policy ids): 24.5 string leaves a row in the sidecar bench, 2.5 of them new. The
 * pattern automaton walks every character of each (re2js, in JavaScript), and each walk
 * allocates. Only misses are kept, so a string that matched (personal data) never stays in
 * memory; at most CLEAN_CACHE_LIMIT strings of at most CLEAN_CACHE_MAX_LENGTH characters (under
 * 1 MiB), emptied when full.
 */
export const CLEAN_CACHE_LIMIT = 2048;
export const CLEAN_CACHE_MAX_LENGTH = 200;

export function createPiiDetector(options: PiiDetectorOptions = {}): PiiDetector {
  const personalKeys = [...(options.personalKeys ?? DEFAULT_PERSONAL_KEYS)];
  const personal = new Set(personalKeys.map(normalizeKey));
  const patterns = [...(options.valuePatterns ?? DEFAULT_VALUE_PATTERNS)];
  // A /g or /y RegExp keeps state between calls, so it is rewound before each test.
  const stateful = patterns.map((pattern) => pattern instanceof RegExp && (pattern.global || pattern.sticky));
  // The built-in patterns are tested only on strings of their shape (above); most strings are
  // prose, timestamps or ids. (Compared by source, so a detector rebuilt from its spec in another
  // thread keeps the shortcut.)
  const shapes = patterns.map((pattern) => (samePattern(pattern, EMAIL) ? hasAt
    : samePattern(pattern, PHONE) ? phoneShaped : pattern === CARD_NUMBER ? cardShaped : undefined));
  // Linear patterns without a shortcut (the bundle's own) run as one automaton: one pass per string.
  const combined = patterns.filter((pattern, i) => isLinearPattern(pattern) && shapes[i] === undefined);
  const combinedSet = combined.length > 1 ? compilePatternSet(combined.filter(isLinearPattern)) : undefined;
  const testPatterns = (text: string): boolean => {
    if (combinedSet && combinedSet.matching(text).length > 0) return true;
    for (let i = 0; i < patterns.length; i += 1) {
      if (combinedSet && combined.includes(patterns[i])) continue;
      const shaped = shapes[i];
      if (shaped !== undefined && !shaped(text)) continue;
      if (stateful[i]) (patterns[i] as RegExp).lastIndex = 0;
      if (patterns[i].test(text)) return true;
    }
    return false;
  };
  // Kept only when every matcher is a pure function of the text: the built-in ones, linear
  // patterns and plain RegExps (a /g or /y one is rewound above). A hand-written ValueMatcher, or
  // a RegExp with its own exec, could answer differently the next time, so then nothing is kept.
  const cloneable = patterns.map(cloneableMatcher);
  const clean = cloneable.every((pattern) => pattern !== undefined) ? new Set<string>() : undefined;
  const matchesPattern = (text: string): boolean => {
    const cacheable = clean !== undefined && text.length <= CLEAN_CACHE_MAX_LENGTH;
    if (cacheable && clean.has(text)) return false;
    const found = testPatterns(text);
    if (!found && cacheable) {
      if (clean.size >= CLEAN_CACHE_LIMIT) clean.clear();
      // Stored as a copy: a cached slice would keep the tool output it was cut from alive.
      clean.add(detachedString(text));
    }
    return found;
  };
  const keyCache = new Map<string, boolean>();
  const isPersonalKey = (key: string): boolean => {
    let known = keyCache.get(key);
    if (known === undefined) {
      known = personal.has(normalizeKey(key));
      if (key.length <= KEY_CACHE_MAX_KEY_LENGTH) {
        if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.clear();
        keyCache.set(key, known);
      }
    }
    return known;
  };

  const detector: PiiDetector = (payload) => {
    const found: string[] = [];
    // One path stack for the whole walk; a path string is built only for what is reported.
    const path: PathSegment[] = [];
    const walk = (node: unknown, key: string | null): void => {
      if (key !== null && isPersonalKey(key) && holdsData(node)) {
        // The whole value is personal: committed (and later erased) as one leaf.
        found.push(formatPath(path));
        return;
      }
      if (typeof node === 'string') {
        if (path.length > 0 && matchesPattern(node)) found.push(formatPath(path));
      } else if (Array.isArray(node)) {
        for (let index = 0; index < node.length; index += 1) {
          path.push(index);
          walk(node[index], key);
          path.pop();
        }
      } else if (node !== null && typeof node === 'object') {
        for (const childKey of Object.keys(node)) {
          path.push(childKey);
          walk((node as Record<string, unknown>)[childKey], childKey);
          path.pop();
        }
      }
    };
    walk(payload, null);
    return found;
  };

  rulesOf.set(detector, { isPersonalKey, matchesPattern });
  if (clean !== undefined) specs.set(detector, { personalKeys, valuePatterns: cloneable as PiiDetectorSpec['valuePatterns'] });
  return detector;
}

/** null, booleans and empty containers carry nothing personal, so they are left out. */
export function holdsData(value: unknown): boolean {
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return true;
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
}

export const defaultPiiDetector: PiiDetector = createPiiDetector();
