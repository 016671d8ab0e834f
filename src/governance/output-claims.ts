// What an output says about how things went: does it claim success, does it acknowledge an
// error? Shared by the consistency and contradiction checks.

import { collectLeaves, isPlainObject, type LeafWalker } from './json-leaves.ts';

export const SUCCESS_STATUSES: ReadonlySet<string> = new Set(['success', 'succeeded', 'ok', 'completed', 'complete', 'done']);
const ERROR_WORDS = /error|fail|unable|could ?n[o']t|cannot/i;

function statusOf(output: Record<string, unknown>): string | undefined {
  return typeof output.status === 'string' ? output.status.trim().toLowerCase() : undefined;
}

/** A top-level `success: true` or a success-like `status`. */
export function claimsSuccess(output: unknown): boolean {
  if (!isPlainObject(output)) return false;
  if (output.success === true) return true;
  const status = statusOf(output);
  return status !== undefined && SUCCESS_STATUSES.has(status);
}

/**
 * The output owns up to an error: a truthy top-level `error`/`errors`, a `status` that is not
 * success-like, or any text mentioning error, fail, unable, could not or cannot.
 */
export function acknowledgesError(output: unknown, leaves: LeafWalker = collectLeaves): boolean {
  if (!isPlainObject(output)) return false;
  if (output.error || output.errors) return true;
  const status = statusOf(output);
  if (status !== undefined && !SUCCESS_STATUSES.has(status)) return true;
  return leaves(output).some((leaf) => typeof leaf.value === 'string' && ERROR_WORDS.test(leaf.value));
}
