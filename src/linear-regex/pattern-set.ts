// Many patterns tested against one text in a single pass: re2js combines them into one automaton
// (RE2Set), several times faster than testing each pattern in turn, and still linear in the text.

import { RE2JS, RE2Set } from 're2js';
import type { LinearPattern } from './linear-pattern.ts';

export interface LinearPatternSet {
  /** The indexes (into the patterns given) of every pattern that occurs in `text`, ascending. */
  matching(text: string): number[];
}

export function compilePatternSet(patterns: readonly LinearPattern[]): LinearPatternSet {
  if (patterns.length === 0) return { matching: () => [] };
  // Lookbehind moves the whole set onto the NFA (still linear, slower): only when one needs it.
  const set = new RE2Set(RE2Set.UNANCHORED, patterns.some((p) => p.usesLookbehind) ? RE2JS.LOOKBEHINDS : 0);
  for (const pattern of patterns) set.add(pattern.re2Source);
  set.compile();
  return { matching: (text) => set.match(text).sort((a, b) => a - b) };
}

/** The same set, compiled when it is first asked: for sets of built-in patterns made at import. */
export function lazyPatternSet(patterns: () => readonly LinearPattern[]): LinearPatternSet {
  let set: LinearPatternSet | undefined;
  return { matching: (text) => (set ??= compilePatternSet(patterns())).matching(text) };
}
