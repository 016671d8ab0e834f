// Finds the payload leaves that hold personal data, so the ledger can commit to them one by
// one and erase them later without breaking the chain. The default is deliberately simple
// (key names + three value patterns); the gateway may pass a detector built from its policy.

import { formatPath, type PathSegment } from './json-paths.ts';

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

// The lookbehind makes a match start only where a run of local-part characters starts: without
// it a long run with no '@' is rescanned from every offset (quadratic: 16 s on a 100 KB output).
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** +CC followed by digit groups, or the North-American 3-3-4 form; ISO dates and UUIDs do not match. */
const PHONE = /(?<![\w+-])(?:\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}|\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4})(?![\w-])/;
const CARD_CANDIDATES = /(?<![\d-])[2-6](?:[ -]?\d){12,18}(?![\d-])/g;

/** A card-number pattern that also requires the Luhn checksum, to spare timestamps and ids. */
export const CARD_NUMBER: ValueMatcher = {
  test(text: string): boolean {
    for (const match of text.matchAll(CARD_CANDIDATES)) if (luhnValid(match[0].replace(/[ -]/g, ''))) return true;
    return false;
  },
};

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

export function createPiiDetector(options: PiiDetectorOptions = {}): PiiDetector {
  const personal = new Set((options.personalKeys ?? DEFAULT_PERSONAL_KEYS).map(normalizeKey));
  const patterns = options.valuePatterns ?? DEFAULT_VALUE_PATTERNS;
  const matchesPattern = (text: string): boolean => patterns.some((pattern) => {
    if (pattern instanceof RegExp) pattern.lastIndex = 0; // a /g or /y pattern keeps state between calls
    return pattern.test(text);
  });

  return (payload) => {
    const found: string[] = [];
    const walk = (node: unknown, path: PathSegment[], key: string | null): void => {
      if (key !== null && personal.has(normalizeKey(key)) && holdsData(node)) {
        // The whole value is personal: committed (and later erased) as one leaf.
        found.push(formatPath(path));
        return;
      }
      if (typeof node === 'string') {
        if (path.length > 0 && matchesPattern(node)) found.push(formatPath(path));
      } else if (Array.isArray(node)) {
        node.forEach((item, index) => walk(item, [...path, index], key));
      } else if (node !== null && typeof node === 'object') {
        for (const [childKey, child] of Object.entries(node)) walk(child, [...path, childKey], childKey);
      }
    };
    walk(payload, [], null);
    return found;
  };
}

/** null, booleans and empty containers carry nothing personal, so they are left out. */
function holdsData(value: unknown): boolean {
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'number') return true;
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
}

export const defaultPiiDetector: PiiDetector = createPiiDetector();
