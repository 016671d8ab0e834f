// Finds personal data and secrets by the bundle's patterns, wherever they sit in a value.

import { collectLeaves, leafText, type LeafWalker } from './json-leaves.ts';
import type { SensitivePattern } from '../policy/types.ts';
import { compilePatternSet, type LinearPatternSet } from '../linear-regex/index.ts';
import type { ScanBudget } from './scan-budget.ts';

export interface SensitiveHit {
  path: string;
  pattern: SensitivePattern;
}

/**
 * Every (leaf, pattern) match in `value`, in walk order. Strings and numbers are tested (a card
 * number may arrive as a number); keys are not. Patterns are linear-time (RE2) and stateless.
 */
export function scanSensitive(
  value: unknown,
  patterns: readonly SensitivePattern[],
  basePath = '',
  leaves: LeafWalker = collectLeaves,
  budget?: ScanBudget,
): SensitiveHit[] {
  if (patterns.length === 0) return [];
  const paths: string[] = [];
  const texts: string[] = [];
  for (const leaf of leaves(value, basePath)) {
    const text = leafText(leaf.value);
    if (text === undefined || text === '') continue;
    // Over budget: left unscanned, and the budget remembers it (the safety check reports it).
    if (budget && !budget.take(text.length)) continue;
    paths.push(leaf.path);
    texts.push(text);
  }
  const hits: SensitiveHit[] = [];
  patternSetOf(patterns).matchingEach(texts, (i, found) => {
    for (const index of found) hits.push({ path: paths[i]!, pattern: patterns[index]! });
  });
  return hits;
}

/** One combined automaton per pattern list (the bundle's lists are frozen and live as long as it). */
const sets = new WeakMap<readonly SensitivePattern[], LinearPatternSet>();

function patternSetOf(patterns: readonly SensitivePattern[]): LinearPatternSet {
  let set = sets.get(patterns);
  if (!set) sets.set(patterns, (set = compilePatternSet(patterns.map((p) => p.pattern))));
  return set;
}

/** Per bundle pattern list (frozen, so the split never goes stale), computed once. */
const byKind = new WeakMap<readonly SensitivePattern[], Record<SensitivePattern['kind'], readonly SensitivePattern[]>>();

export function patternsOfKind(
  patterns: readonly SensitivePattern[],
  kind: SensitivePattern['kind'],
): readonly SensitivePattern[] {
  let split = byKind.get(patterns);
  if (!split) {
    split = { pii: patterns.filter((p) => p.kind === 'pii'), secret: patterns.filter((p) => p.kind === 'secret') };
    if (Object.isFrozen(patterns)) byKind.set(patterns, split);
  }
  return split[kind];
}
