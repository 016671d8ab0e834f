// The sidecar's memory budget (docs/performance.md, "Memory"): one figure, SIDECAR_MEMORY_MB,
// that src/proxy/memory-budget.ts splits into the V8 heap limit and the bounds of every buffer
// and cache. The heap limit itself can only be set when Node starts: NODE_OPTIONS
// (--max-old-space-size) is read here only to tell whether it was, so start-up can say so.

import { integer } from './env-values.ts';

export interface MemoryConfig {
  /** SIDECAR_MEMORY_MB: what the whole process may use, in MiB (the container's limit or below). */
  readonly budgetMb: number;
  /** Whether SIDECAR_MEMORY_MB was set (a chart or an operator chose it) rather than defaulted. */
  readonly budgetSet: boolean;
  /** --max-old-space-size given in NODE_OPTIONS, in MiB; null when Node picks its own heap limit. */
  readonly heapFlagMb: number | null;
}

export const DEFAULT_MEMORY_BUDGET_MB = 384;

export function memoryConfig(env: NodeJS.ProcessEnv, issues: string[]): MemoryConfig {
  const flag = /--max-old-space-size[= ](\d+)/.exec(env.NODE_OPTIONS ?? '');
  return Object.freeze({
    budgetMb: integer(env.SIDECAR_MEMORY_MB, 'SIDECAR_MEMORY_MB', DEFAULT_MEMORY_BUDGET_MB, 128, 65_536, issues),
    budgetSet: env.SIDECAR_MEMORY_MB !== undefined && env.SIDECAR_MEMORY_MB !== '',
    heapFlagMb: flag ? Number(flag[1]) : null,
  });
}
