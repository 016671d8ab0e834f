// The one JSON parser for everything the gateway governs. JSON.parse accepts documents that
// different readers read differently: a repeated key (JSON.parse keeps the last, many tools the
// first), numbers that overflow to Infinity or round to another value, lone surrogates that no
// store can hold canonically. Governance must check exactly what the tool will read, so such
// documents are refused here, with the path of the offending member, and nesting is bounded so
// no later recursion (schemas, scanning, canonical JSON) can overflow the stack. The number of
// values is bounded too: every value is walked, scanned and hashed by what follows, at ~10 us a
// value for a wide object (docs/performance.md), so a 5 MB body of 2.5 million values held the
// event loop for seconds; the bound caps what one document costs.

import { detachedString } from './detached-string.ts';
import { isExactNumberText } from './exact-number.ts';

/** Deepest nesting of objects and arrays accepted; documented in docs/security.md. */
export const MAX_JSON_DEPTH = 64;

/**
 * Most values (objects, arrays, strings, numbers, booleans and nulls, each counted once) one
 * document may hold, unless the process sets another bound (SERVICE_MAX_BODY_VALUES).
 */
export const DEFAULT_MAX_JSON_VALUES = 50_000;

let processMaxValues = DEFAULT_MAX_JSON_VALUES;

/** The bound every parse without its own `maxValues` or budget applies; set once at start from the configuration. */
export function setMaxJsonValues(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`the JSON value limit must be a positive integer, got ${limit}`);
  processMaxValues = limit;
}

export function maxJsonValues(): number {
  return processMaxValues;
}

/** Values several documents may hold together (a body and the JSON strings inside it). */
export class JsonValueBudget {
  readonly limit: number;
  remaining: number;

  constructor(limit = processMaxValues) {
    this.limit = limit;
    this.remaining = limit;
  }
}

/** Why a document was refused. `syntax` is plain malformed JSON; the others are well-formed JSON the gateway will not read. */
export type StrictJsonRule = 'syntax' | 'duplicate_key' | 'number' | 'depth' | 'string' | 'reserved_key' | 'values';

export class StrictJsonError extends Error {
  readonly rule: StrictJsonRule;
  /** Where, as `params.items[2].amount`; '' for the document itself. */
  readonly path: string;

  constructor(rule: StrictJsonRule, path: string, message: string) {
    super(message);
    this.name = 'StrictJsonError';
    this.rule = rule;
    this.path = path;
  }
}

export interface StrictJsonOptions {
  maxDepth?: number;
  /** Most values the document may hold (default: the process's bound, setMaxJsonValues). */
  maxValues?: number;
  /** Shared with other documents instead of `maxValues`: what this one holds is taken from it. */
  budget?: JsonValueBudget;
}

/**
 * Parses `text` as JSON (RFC 8259) and refuses: duplicate member names, numbers whose text is not
 * exactly the value read (see exact-number.ts), lone surrogates (raw or escaped), a `__proto__`
 * member (it would be an own data property here but a prototype setter to any code that copies
 * it with assignment), nesting deeper than `maxDepth`, and more values than `maxValues` (or than
 * `budget` has left). Objects are ordinary objects, as JSON.parse makes them; `constructor` and
 * `prototype` members are plain data.
 */
export function parseStrictJson(text: string, options: StrictJsonOptions = {}): unknown {
  if (!text.isWellFormed()) throw new StrictJsonError('string', '', 'The document holds a lone surrogate (not valid Unicode text).');
  const parser = new Parser(text, options.maxDepth ?? MAX_JSON_DEPTH, options.budget ?? new JsonValueBudget(options.maxValues ?? processMaxValues));
  parser.skipSpace();
  const value = parser.value(0);
  parser.skipSpace();
  if (parser.at < text.length) parser.fail(`unexpected ${parser.describe()} after the JSON value`);
  return value;
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$-]*$/;

/** `parent` extended by an object member, as `a.b`, `a["x y"]`. */
export function memberPath(parent: string, key: string): string {
  const segment = SIMPLE_KEY.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (parent === '' || segment.startsWith('[')) return parent + segment;
  return `${parent}.${segment}`;
}

class Parser {
  readonly text: string;
  readonly maxDepth: number;
  at = 0;
  /** Member names and array indexes down to the value being read: the error path, built only on error. */
  readonly trail: Array<string | number> = [];
  readonly budget: JsonValueBudget;

  constructor(text: string, maxDepth: number, budget: JsonValueBudget) {
    this.text = text;
    this.maxDepth = maxDepth;
    this.budget = budget;
  }

  fail(message: string, rule: StrictJsonRule = 'syntax', path = ''): never {
    throw new StrictJsonError(rule, path, rule === 'syntax' ? `${message} at position ${this.at}` : message);
  }

  path(): string {
    let path = '';
    for (const step of this.trail) path = typeof step === 'number' ? `${path}[${step}]` : memberPath(path, step);
    return path;
  }

  describe(): string {
    return this.at >= this.text.length ? 'end of input' : `character ${JSON.stringify(this.text[this.at])}`;
  }

  skipSpace(): void {
    const text = this.text;
    let at = this.at;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) at++;
      else break;
    }
    this.at = at;
  }

  value(depth: number): unknown {
    if (--this.budget.remaining < 0) {
      const path = this.path();
      this.fail(`${path || 'The document'}: the document holds more than ${this.budget.limit} values (objects, arrays, strings, numbers, booleans, nulls); send fewer.`, 'values', path);
    }
    const c = this.text.charCodeAt(this.at);
    // A value may outlive the document (session histories, caches): it must not be a view into it.
    // Member names need no copy: a property key is stored as an internalized string of its own.
    if (c === 0x22) return detachedString(this.string());
    if (c === 0x7b) return this.object(depth + 1);
    if (c === 0x5b) return this.array(depth + 1);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
    if (this.text.startsWith('true', this.at)) { this.at += 4; return true; }
    if (this.text.startsWith('false', this.at)) { this.at += 5; return false; }
    if (this.text.startsWith('null', this.at)) { this.at += 4; return null; }
    return this.fail(`unexpected ${this.describe()}`);
  }

  tooDeep(depth: number): void {
    if (depth <= this.maxDepth) return;
    const path = this.path();
    this.fail(`${path || 'The document'} nests deeper than ${this.maxDepth} levels of objects and arrays.`, 'depth', path);
  }

  object(depth: number): Record<string, unknown> {
    this.tooDeep(depth);
    this.at++;
    const out: Record<string, unknown> = {};
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === 0x7d) { this.at++; return out; }
    for (;;) {
      if (this.text.charCodeAt(this.at) !== 0x22) this.fail(`expected a member name, found ${this.describe()}`);
      const key = this.string();
      this.trail.push(key);
      if (key === '__proto__') this.refuseMember('reserved_key', 'the member name "__proto__" is not accepted.');
      if (Object.hasOwn(out, key)) this.refuseMember('duplicate_key', `the member name ${JSON.stringify(key)} appears more than once; send it once.`);
      this.skipSpace();
      if (this.text.charCodeAt(this.at) !== 0x3a) this.fail(`expected ":" after a member name, found ${this.describe()}`);
      this.at++;
      this.skipSpace();
      out[key] = this.value(depth);
      this.trail.pop();
      this.skipSpace();
      const c = this.text.charCodeAt(this.at);
      if (c === 0x7d) { this.at++; return out; }
      if (c !== 0x2c) this.fail(`expected "," or "}" in an object, found ${this.describe()}`);
      this.at++;
      this.skipSpace();
    }
  }

  refuseMember(rule: StrictJsonRule, message: string): never {
    const path = this.path();
    return this.fail(`${path}: ${message}`, rule, path);
  }

  array(depth: number): unknown[] {
    this.tooDeep(depth);
    this.at++;
    const out: unknown[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === 0x5d) { this.at++; return out; }
    for (;;) {
      this.trail.push(out.length);
      out.push(this.value(depth));
      this.trail.pop();
      this.skipSpace();
      const c = this.text.charCodeAt(this.at);
      if (c === 0x5d) { this.at++; return out; }
      if (c !== 0x2c) this.fail(`expected "," or "]" in an array, found ${this.describe()}`);
      this.at++;
      this.skipSpace();
    }
  }

  string(): string {
    const text = this.text;
    const start = ++this.at;
    let at = start;
    // Fast path: no escapes, the common case, is one slice.
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x22) { this.at = at + 1; return text.slice(start, at); }
      if (c === 0x5c) break;
      if (c < 0x20 || at >= text.length) { this.at = at; this.fail(at >= text.length ? 'unterminated string' : 'unescaped control character in a string'); }
      at++;
    }
    let out = text.slice(start, at);
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x22) { this.at = at + 1; return out; }
      if (at >= text.length) { this.at = at; this.fail('unterminated string'); }
      if (c < 0x20) { this.at = at; this.fail('unescaped control character in a string'); }
      if (c !== 0x5c) { out += text[at++]; continue; }
      const e = text[at + 1];
      at += 2;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const unit = this.hex4(at);
          at += 4;
          if (unit >= 0xd800 && unit <= 0xdbff && text[at] === '\\' && text[at + 1] === 'u') {
            const low = this.hex4(at + 2);
            if (low >= 0xdc00 && low <= 0xdfff) {
              out += String.fromCharCode(unit, low);
              at += 6;
              break;
            }
          }
          if (unit >= 0xd800 && unit <= 0xdfff) {
            this.at = at;
            const path = this.path();
            this.fail(`${path || 'A string'}: \\u${unit.toString(16)} is a lone surrogate, which is not Unicode text.`, 'string', path);
          }
          out += String.fromCharCode(unit);
          break;
        }
        default:
          this.at = at - 1;
          this.fail('invalid escape in a string');
      }
    }
  }

  hex4(at: number): number {
    const digits = this.text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) { this.at = at; this.fail('invalid \\u escape in a string'); }
    return Number.parseInt(digits, 16);
  }

  number(): number {
    const text = this.text;
    const start = this.at;
    let at = start;
    if (text.charCodeAt(at) === 0x2d) at++;
    const first = text.charCodeAt(at);
    if (first === 0x30) at++;
    else if (first >= 0x31 && first <= 0x39) at = this.digits(at);
    else { this.at = at; this.fail('expected a digit'); }
    if (text.charCodeAt(at) === 0x2e) {
      const after = this.digits(at + 1);
      if (after === at + 1) { this.at = after; this.fail('expected a digit after the decimal point'); }
      at = after;
    }
    const e = text.charCodeAt(at);
    if (e === 0x65 || e === 0x45) {
      at++;
      const sign = text.charCodeAt(at);
      if (sign === 0x2b || sign === 0x2d) at++;
      const after = this.digits(at);
      if (after === at) { this.at = after; this.fail('expected a digit in the exponent'); }
      at = after;
    }
    this.at = at;
    const literal = text.slice(start, at);
    const value = Number(literal);
    if (!isExactNumberText(literal, value)) {
      const path = this.path();
      const reads = Number.isFinite(value) ? `is read as ${value}` : 'overflows to infinity';
      this.fail(`${path || 'The document'}: the number ${abbreviate(literal)} ${reads}; send a number a 64-bit float holds exactly (or a string).`, 'number', path);
    }
    return value;
  }

  digits(at: number): number {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c >= 0x30 && c <= 0x39) at++;
      else return at;
    }
  }
}

function abbreviate(literal: string): string {
  return literal.length > 40 ? `${literal.slice(0, 37)}...` : literal;
}
