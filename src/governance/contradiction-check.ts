// Contradiction (0..100, 0 = none): the output says something the tool record disproves:
// success after a failed tool, an amount/total/count or a status/state that differs from the tool's own.

import { formatNumber, numericValue } from './number-text.ts';
import { SUCCESS_STATUSES, claimsSuccess } from './output-claims.ts';
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

/** Field names repeat across requests; splitting them is worth remembering (bounded). */
const splitKeys = new Map<string, readonly string[]>();

function keyWords(key: string): readonly string[] {
  let words = splitKeys.get(key);
  if (!words) {
    words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    if (splitKeys.size >= 10_000) splitKeys.clear();
    splitKeys.set(key, words);
  }
  return words;
}

export function isQuantityKey(key: string): boolean {
  const words = keyWords(key);
  return words.length > 0 && QUANTITY_WORDS.has(words[words.length - 1]);
}

/** `refund_amount`, `refundAmount` and `Refund-Amount` are the same field. */
function sameNameKey(key: string): string {
  return keyWords(key).join('');
}

/** Last word of a key that names the state of a thing (a ticket, a payment, an order). */
const STATE_WORDS = new Set(['status', 'state']);

export function isStateKey(key: string): boolean {
  const words = keyWords(key);
  return words.length > 0 && STATE_WORDS.has(words[words.length - 1]);
}

/** Values of the fields `accepts` picks, by same-name key, from the tool-call params and results. */
function referenceValues<T>(view: StageView, accepts: (key: string) => boolean, read: (value: unknown) => T | undefined): Map<string, T[]> {
  const references = new Map<string, T[]>();
  const sources = [...view.calls.map((call) => call.params), ...view.results.map((result) => result.value)];
  for (const source of sources) {
    for (const leaf of view.leaves(source)) {
      if (leaf.key === undefined || !accepts(leaf.key)) continue;
      const value = read(leaf.value);
      if (value === undefined) continue;
      const key = sameNameKey(leaf.key);
      const known = references.get(key);
      if (known) known.push(value);
      else references.set(key, [value]);
    }
  }
  return references;
}

function stateText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;
}

/**
 * A status/state the output reports that no tool reported for the same field ("closed" when the
 * ticket tool said "open"). Success words describe the call, not the thing, and are left to
 * the success-after-error finding.
 */
function stateMismatches(view: StageView): Failure[] {
  const references = referenceValues(view, isStateKey, stateText);
  const failures: Failure[] = [];
  for (const leaf of view.leaves(view.output, 'output')) {
    if (leaf.key === undefined || !isStateKey(leaf.key)) continue;
    const value = stateText(leaf.value);
    const known = references.get(sameNameKey(leaf.key));
    if (value === undefined || !known || SUCCESS_STATUSES.has(value) || known.includes(value)) continue;
    failures.push({
      code: 'OUTPUT_STATE_MISMATCH',
      check: 'contradiction',
      severity: 'high',
      message: `${leaf.path} is "${value}", but the tool calls and results say ${[...new Set(known)].map((k) => `"${k}"`).join(' or ')}.`,
      path: leaf.path,
    });
  }
  return failures;
}

function numberMismatches(view: StageView): Failure[] {
  const references = referenceValues(view, isQuantityKey, numericValue);
  const failures: Failure[] = [];
  for (const leaf of view.leaves(view.output, 'output')) {
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
  const failures = [...successAfterError(view), ...numberMismatches(view), ...stateMismatches(view)];
  const total = failures.reduce((sum, failure) => sum + SEVERITY_PENALTY[failure.severity], 0);
  return { score: clampScore(total), failures };
}
