// Contradiction (0..100, 0 = none): the output says something the tool record disproves:
// success after a failed tool, or an amount/total/count that differs from the tool's own.

import { collectLeaves } from './json-leaves.ts';
import { formatNumber, numericValue } from './number-text.ts';
import { claimsSuccess } from './output-claims.ts';
import { NUMBER_TOLERANCE, SEVERITY_PENALTY } from './scoring-table.ts';
import { clampScore } from './score-math.ts';
import type { StageView } from './stage-view.ts';
import type { Failure } from './types.ts';

export interface ContradictionOutcome {
  /** 0..100: the sum of the findings' severity penalties, clamped. */
  score: number;
  failures: Failure[];
}

/** Last word of a key decides whether it holds a money amount or a quantity. */
const QUANTITY_WORDS = new Set([
  'amount', 'total', 'subtotal', 'price', 'cost', 'fee', 'fees', 'tax', 'discount', 'balance',
  'count', 'quantity', 'qty', 'sum', 'refund',
]);

function keyWords(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

export function isQuantityKey(key: string): boolean {
  const words = keyWords(key);
  return words.length > 0 && QUANTITY_WORDS.has(words[words.length - 1]);
}

/** `refund_amount`, `refundAmount` and `Refund-Amount` are the same field. */
function sameNameKey(key: string): string {
  return keyWords(key).join('');
}

function referenceNumbers(view: StageView): Map<string, number[]> {
  const references = new Map<string, number[]>();
  const sources = [...view.calls.map((call) => call.params), ...view.results.map((result) => result.value)];
  for (const source of sources) {
    for (const leaf of collectLeaves(source)) {
      if (leaf.key === undefined || !isQuantityKey(leaf.key)) continue;
      const value = numericValue(leaf.value);
      if (value === undefined) continue;
      const key = sameNameKey(leaf.key);
      const known = references.get(key);
      if (known) known.push(value);
      else references.set(key, [value]);
    }
  }
  return references;
}

function numberMismatches(view: StageView): Failure[] {
  const references = referenceNumbers(view);
  const failures: Failure[] = [];
  for (const leaf of collectLeaves(view.output, 'output')) {
    if (leaf.key === undefined || !isQuantityKey(leaf.key)) continue;
    const value = numericValue(leaf.value);
    const known = references.get(sameNameKey(leaf.key));
    if (value === undefined || !known) continue;
    if (known.some((reference) => Math.abs(reference - value) <= NUMBER_TOLERANCE)) continue;
    failures.push({
      code: 'OUTPUT_NUMBER_MISMATCH',
      check: 'contradiction',
      severity: 'high',
      message: `${leaf.path} is ${formatNumber(value)}, but the tool calls and results say ${known.map(formatNumber).join(' or ')}.`,
      path: leaf.path,
    });
  }
  return failures;
}

function successAfterError(view: StageView): Failure[] {
  const failedIndex = view.results.findIndex((result) => result.isError);
  if (failedIndex === -1 || !claimsSuccess(view.output)) return [];
  return [{
    code: 'OUTPUT_CONTRADICTS_TOOL_RESULT',
    check: 'contradiction',
    severity: 'critical',
    message: `The output claims success, but tool result ${failedIndex} is an error.`,
    path: 'output',
  }];
}

export function checkContradiction(view: StageView): ContradictionOutcome {
  if (view.isPreCheck || !view.hasOutput) return { score: 0, failures: [] };
  const failures = [...successAfterError(view), ...numberMismatches(view)];
  const total = failures.reduce((sum, failure) => sum + SEVERITY_PENALTY[failure.severity], 0);
  return { score: clampScore(total), failures };
}
