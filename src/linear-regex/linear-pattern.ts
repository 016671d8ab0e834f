// A pattern compiled by re2js. JavaScript syntax is accepted as far as it has a linear-time
// meaning: lookbehind is (re2js evaluates it with parallel automata, linear but slower than
// the DFA), lookahead and backreferences are not, and are refused with a reason the policy
// loader reports at the pattern's file and line.

import { RE2JS } from 're2js';

/** What a pattern is rebuilt from in another thread (structured clone keeps plain objects only). */
export interface LinearPatternSpec {
  linear: { source: string; flags: string };
}

export interface LinearPattern {
  /** As written (JavaScript syntax). */
  readonly source: string;
  /** The JavaScript flags it was written with (i, m, s, u). */
  readonly flags: string;
  /** True when lookbehind makes it run on the NFA (linear, but several times slower than the DFA). */
  readonly usesLookbehind: boolean;
  /** The RE2 syntax it was translated to, with its flags inline: what a pattern set combines. */
  readonly re2Source: string;
  test(text: string): boolean;
  /**
   * Calls `onMatch` with each leftmost match (start, end in UTF-16 units); with a group named
   * `value`, the span of that group, so boundary characters a pattern consumes stay outside it.
   * The next search resumes at the end of that span, so a boundary shared by two neighbouring
   * values (`a@x.io,b@y.io`) is seen by both.
   */
  forEachMatch(text: string, onMatch: (start: number, end: number) => void): void;
  /** `text` with every match (or its `value` group) replaced by `replacement`; `count` = how many. */
  replaceAll(text: string, replacement: string): { text: string; count: number };
  toSpec(): LinearPatternSpec;
  toString(): string;
}

export class LinearPatternError extends Error {
  override name = 'LinearPatternError';
}

const FLAG_BITS: Readonly<Record<string, number>> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };

/** Compiles `source` (JavaScript syntax) or throws LinearPatternError saying why it cannot run in linear time. */
export function compileLinearPattern(source: string, flags = ''): LinearPattern {
  let bits = 0;
  for (const flag of flags) {
    const bit = FLAG_BITS[flag];
    if (bit === undefined) throw new LinearPatternError(`flag '${flag}' is not supported (use i, m, s or u)`);
    bits |= bit;
  }
  // JavaScript's own parser first (it only compiles, never runs): authors get the messages they know.
  try {
    new RegExp(source, flags);
  } catch (error) {
    throw new LinearPatternError(`is not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`);
  }
  const unsupported = unsupportedConstruct(source);
  if (unsupported) throw new LinearPatternError(unsupported);
  const usesLookbehind = /\(\?<[=!]/.test(source);
  if (usesLookbehind) bits |= RE2JS.LOOKBEHINDS;
  let compiled: RE2JS;
  const translated = RE2JS.translateRegExp(source);
  const inlineFlags = flags.replace('u', '');
  try {
    compiled = RE2JS.compile(translated, bits);
  } catch (error) {
    throw new LinearPatternError(`is not a valid regular expression: ${(error as Error).message.replace(/^error parsing regexp: /, '')}`);
  }
  const valueGroup = 'value' in compiled.namedGroups() ? 'value' : undefined;

  const forEachMatch = (text: string, onMatch: (start: number, end: number) => void): void => {
    if (!compiled.test(text)) return;
    const matcher = compiled.matcher(text);
    let from = 0;
    while (from <= text.length && matcher.find(from)) {
      const start = valueGroup ? matcher.start(valueGroup) : matcher.start();
      const end = valueGroup ? matcher.end(valueGroup) : matcher.end();
      onMatch(start, end);
      // An empty match would find itself again: step over one character.
      from = end > from ? end : from + 1;
    }
  };

  return Object.freeze({
    source,
    flags,
    usesLookbehind,
    re2Source: inlineFlags === '' ? translated : `(?${inlineFlags}:${translated})`,
    test: (text: string) => compiled.test(text),
    forEachMatch,
    replaceAll(text: string, replacement: string) {
      const parts: string[] = [];
      let last = 0;
      let count = 0;
      forEachMatch(text, (start, end) => {
        if (start < last) return;
        parts.push(text.slice(last, start), replacement);
        last = end;
        count += 1;
      });
      if (count === 0) return { text, count };
      parts.push(text.slice(last));
      return { text: parts.join(''), count };
    },
    toSpec: () => ({ linear: { source, flags } }),
    toString: () => `/${source}/${flags}`,
  });
}

/**
 * The same pattern, compiled when it first runs: for the built-in patterns modules define at
 * import (ours, known to compile), so a start does not compile what only calls use (re2js
 * compiling a dozen of them was ~12 ms of every start). Source, flags and spec need no compiling.
 */
export function lazyLinearPattern(source: string, flags = ''): LinearPattern {
  let compiled: LinearPattern | undefined;
  const pattern = (): LinearPattern => (compiled ??= compileLinearPattern(source, flags));
  return Object.freeze({
    source,
    flags,
    get usesLookbehind() { return pattern().usesLookbehind; },
    get re2Source() { return pattern().re2Source; },
    test: (text: string) => pattern().test(text),
    forEachMatch: (text: string, onMatch: (start: number, end: number) => void) => pattern().forEachMatch(text, onMatch),
    replaceAll: (text: string, replacement: string) => pattern().replaceAll(text, replacement),
    toSpec: () => ({ linear: { source, flags } }),
    toString: () => `/${source}/${flags}`,
  });
}

export function isLinearPattern(value: unknown): value is LinearPattern {
  return typeof value === 'object' && value !== null && typeof (value as LinearPattern).toSpec === 'function'
    && typeof (value as LinearPattern).forEachMatch === 'function';
}

/**
 * Constructs a backtracking engine needs and an automaton cannot have, named for the author. The
 * scan skips character classes and escapes, so `[(?=]` or `\(?=` are not mistaken for one.
 */
function unsupportedConstruct(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && /[1-9]/.test(next)) return `uses a backreference (\\${next}), which no linear-time engine can run; spell the alternatives out`;
      if (!inClass && next === 'k' && source[i + 2] === '<') return 'uses a named backreference (\\k<...>), which no linear-time engine can run; spell the alternatives out';
      i += 1;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && source[i + 1] === '?' && (source[i + 2] === '=' || source[i + 2] === '!')) {
      return `uses a lookahead (${source.slice(i, i + 3)}...), which no linear-time engine can run; write what must follow as part of the match, e.g. (?:[^\\w]|$) instead of (?![\\w])`;
    }
  }
  return undefined;
}
