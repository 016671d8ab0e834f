// Many patterns tested against one text in a single pass: re2js combines them into one automaton
// (RE2Set), several times faster than testing each pattern in turn, and still linear in the text.
//
// Many short texts (the leaves of a large JSON body) cost far more than their characters: each
// match() sets up the automaton's input and state anew, ~5 - 10 us whatever the text's length,
// so 200,000 leaves took seconds. matchingEach() scans them in blocks joined by a newline, and
// looks at a block's texts one by one only when the block matched. The block is scanned by the
// same patterns in multiline mode, which makes it exact: a pattern that matches a text alone also
// matches the block holding it, because ^ and $ then match at every text's start and end (and
// inside a text only where it holds a newline, which at worst sends the block to the one-by-one
// look), and a newline is not a word character, so \b and \B read a text's edges as they read
// them alone. A match across the newline only costs the one-by-one look. A set with a pattern
// whose edges multiline mode cannot stand for (lookbehind, \A or \z, a group that sets its own
// flags) looks at every text alone.

import { RE2JS, RE2Set } from 're2js';
import type { LinearPattern } from './linear-pattern.ts';

export interface LinearPatternSet {
  /** The indexes (into the patterns given) of every pattern that occurs in `text`, ascending. */
  matching(text: string): number[];
  /** Calls `onMatch` with each text's index and its matching() result, for the texts that match, in order. */
  matchingEach(texts: readonly string[], onMatch: (textIndex: number, patternIndexes: number[]) => void): void;
}

/** Texts scanned together, and the most characters a block gathers before it is scanned. */
const BLOCK_TEXTS = 64;
const BLOCK_CHARS = 16 * 1024;

export function compilePatternSet(patterns: readonly LinearPattern[]): LinearPatternSet {
  if (patterns.length === 0) return { matching: () => [], matchingEach: () => {} };
  // Lookbehind moves the whole set onto the NFA (still linear, slower): only when one needs it.
  const set = new RE2Set(RE2Set.UNANCHORED, patterns.some((p) => p.usesLookbehind) ? RE2JS.LOOKBEHINDS : 0);
  for (const pattern of patterns) set.add(pattern.re2Source);
  set.compile();
  const matching = (text: string): number[] => set.match(text).sort((a, b) => a - b);
  const eachAlone = (texts: readonly string[], from: number, to: number, onMatch: (textIndex: number, patternIndexes: number[]) => void): void => {
    for (let i = from; i < to; i++) {
      const found = matching(texts[i]!);
      if (found.length > 0) onMatch(i, found);
    }
  };
  if (!patterns.every((p) => blockScannable(p.source))) {
    return { matching, matchingEach: (texts, onMatch) => eachAlone(texts, 0, texts.length, onMatch) };
  }
  // Compiled when first asked: sets that only ever see one text at a time (matching()) never pay for it.
  let blocks: RE2Set | undefined;
  const blockSet = (): RE2Set => {
    if (blocks) return blocks;
    blocks = new RE2Set(RE2Set.UNANCHORED, 0);
    for (const pattern of patterns) blocks.add(`(?m:${pattern.re2Source})`);
    blocks.compile();
    return blocks;
  };
  return {
    matching,
    matchingEach(texts, onMatch) {
      let start = 0;
      while (start < texts.length) {
        let end = start;
        let chars = 0;
        while (end < texts.length && end - start < BLOCK_TEXTS && (end === start || chars + texts[end]!.length <= BLOCK_CHARS)) chars += texts[end++]!.length + 1;
        if (end - start === 1 || blockSet().match(texts.slice(start, end).join('\n')).length > 0) eachAlone(texts, start, end, onMatch);
        start = end;
      }
    },
  };
}

/**
 * True when `source` (JavaScript syntax) matches every text alone that it matches in a block of
 * texts joined by newlines, scanned in multiline mode: no lookbehind (it would see the newline),
 * no escape RE2 reads as an absolute text anchor (\A, \z, \Z), no group setting its own flags
 * (it could turn multiline mode off). Conservative: a false `false` only costs speed.
 */
export function blockScannable(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') {
      if (!inClass && /[AzZ]/.test(source[i + 1] ?? '')) return false;
      i += 1;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && source[i + 1] === '?' && (source[i + 2] === '<' ? source[i + 3] === '=' || source[i + 3] === '!' : /[a-zA-Z-]/.test(source[i + 2] ?? ''))) {
      return false;
    }
  }
  return true;
}

/** The same set, compiled when it is first asked: for sets of built-in patterns made at import. */
export function lazyPatternSet(patterns: () => readonly LinearPattern[]): LinearPatternSet {
  let set: LinearPatternSet | undefined;
  const compiled = () => (set ??= compilePatternSet(patterns()));
  return { matching: (text) => compiled().matching(text), matchingEach: (texts, onMatch) => compiled().matchingEach(texts, onMatch) };
}
