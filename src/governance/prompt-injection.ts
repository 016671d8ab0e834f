// Phrases that try to take over an agent's instructions. Matching text is a signal, not proof,
// so it is reported as "suspected". The text is written by whoever controls a tool, so the markers
// run on the linear-time engine: no crafted text can make them slow.

import { lazyLinearPattern, lazyPatternSet, type LinearPattern } from '../linear-regex/index.ts';

export const INJECTION_MARKERS: ReadonlyArray<{ id: string; pattern: LinearPattern }> = [
  { id: 'ignore previous instructions', pattern: lazyLinearPattern(String.raw`\bignore\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier)\s+(?:instructions|prompts?|messages|rules)`, 'i') },
  { id: 'disregard prior instructions', pattern: lazyLinearPattern(String.raw`\bdisregard\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier)\b`, 'i') },
  { id: 'forget your instructions', pattern: lazyLinearPattern(String.raw`\bforget\s+(?:all\s+)?(?:your|the|previous|prior)\s+(?:instructions|rules|prompts?)`, 'i') },
  { id: 'you are now', pattern: lazyLinearPattern(String.raw`\byou\s+are\s+now\b`, 'i') },
  { id: 'system prompt', pattern: lazyLinearPattern(String.raw`\bsystem\s+prompt\s*:`, 'i') },
  { id: 'new instructions', pattern: lazyLinearPattern(String.raw`\bnew\s+instructions\s*:`, 'i') },
  { id: 'chat template token', pattern: lazyLinearPattern(String.raw`<\|(?:im_start|im_end|system|endoftext)\|>`, 'i') },
  { id: 'do anything now', pattern: lazyLinearPattern(String.raw`\bdo\s+anything\s+now\b`, 'i') },
];

// All markers as one automaton: one pass over the text instead of eight. Compiled by the first
// scan, not at import (a start need not pay for it).
const MARKER_SET = lazyPatternSet(() => INJECTION_MARKERS.map((marker) => marker.pattern));

/** The id of the first marker (in list order) found in the text, or undefined. */
export function injectionMarker(text: string): string | undefined {
  const found = MARKER_SET.matching(text);
  return found.length === 0 ? undefined : INJECTION_MARKERS[found[0]].id;
}
