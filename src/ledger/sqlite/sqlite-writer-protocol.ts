// The messages between the main thread and the ledger's writer thread. Everything here is
// structured-cloneable: plain data, strings and RegExps, never functions or class instances.

import type { PiiDetectorSpec } from '../pii-detector.ts';
import type { WriterRollupOptions } from '../types.ts';
import type { RollupReport } from '../../insight/analytics/rollup.ts';
import type { AppendRequest, BatchResult } from './sqlite-batch-append.ts';

export interface WriterThreadData {
  path: string;
  /** Set when the detector can be rebuilt in the writer thread, which then seals the payloads. */
  detector: PiiDetectorSpec | null;
}

export type WriterRequest =
  | { type: 'append'; id: number; batch: AppendRequest[] }
  | { type: 'rollup'; id: number; options: WriterRollupOptions }
  | { type: 'close' };

export type WriterReply =
  /** One message for every batch committed together: one hand-off back instead of one per batch. */
  | { type: 'appended'; results: Array<{ id: number; result: BatchResult }> }
  | { type: 'rolled_up'; id: number; result: { ok: true; report: RollupReport } | { ok: false; detail: string } };
