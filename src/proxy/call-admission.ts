// Governed calls under way, and the body bytes they hold, kept within the memory budget
// (memory-budget.ts). A call past either bound is refused with 503 SIDECAR_OVERLOADED and
// Retry-After, before it is forwarded or further read: the agent retries, the sidecar stays
// within its memory instead of being killed for exceeding it (which would lose every call under way).

import { ApiError } from '../http/index.ts';
import { publishSidecarEvent } from './sidecar-events.ts';

export interface CallTicket {
  /** Counts `bytes` more of this call's buffered bodies; throws SIDECAR_OVERLOADED past the budget. */
  reserve(bytes: number): void;
  /** The call is over: its slot and bytes are given back, once every `holdUntil` has settled. Idempotent. */
  leave(): void;
  /** Keeps the slot and bytes after leave() until `work` settles (an audit: intent row on its way to the ledger). */
  holdUntil(work: Promise<unknown>): void;
}

export interface AdmissionFigures {
  inFlight: number;
  bufferedBytes: number;
  peakInFlight: number;
  peakBufferedBytes: number;
  maxInFlight: number;
  bufferBytes: number;
}

export class CallAdmission {
  readonly #maxInFlight: number;
  readonly #bufferBytes: number;
  #inFlight = 0;
  #buffered = 0;
  #peakInFlight = 0;
  #peakBuffered = 0;

  constructor(bounds: { maxInFlight: number; bufferBytes: number }) {
    this.#maxInFlight = bounds.maxInFlight;
    this.#bufferBytes = bounds.bufferBytes;
  }

  /** Admits one call for `route`, or throws SIDECAR_OVERLOADED when maxInFlight calls are under way. */
  enter(route: string): CallTicket {
    if (this.#inFlight >= this.#maxInFlight) {
      throw overloaded(route, 'in_flight', `${this.#inFlight} governed calls are under way, the most its memory budget (SIDECAR_MEMORY_MB) allows`);
    }
    this.#inFlight += 1;
    this.#peakInFlight = Math.max(this.#peakInFlight, this.#inFlight);
    let held = 0;
    let left = false;
    let holds = 0;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.#inFlight -= 1;
      this.#buffered -= held;
    };
    return {
      reserve: (bytes) => {
        if (left) return;
        if (this.#buffered + bytes > this.#bufferBytes) {
          throw overloaded(route, 'buffers', `the bodies of the calls under way already hold ${this.#buffered} of the ${this.#bufferBytes} bytes its memory budget (SIDECAR_MEMORY_MB) allows`);
        }
        this.#buffered += bytes;
        held += bytes;
        this.#peakBuffered = Math.max(this.#peakBuffered, this.#buffered);
      },
      leave: () => {
        if (left) return;
        left = true;
        if (holds === 0) release();
      },
      holdUntil: (work) => {
        holds += 1;
        void work.then(() => undefined, () => undefined).then(() => {
          holds -= 1;
          if (left && holds === 0) release();
        });
      },
    };
  }

  figures(): AdmissionFigures {
    return {
      inFlight: this.#inFlight, bufferedBytes: this.#buffered,
      peakInFlight: this.#peakInFlight, peakBufferedBytes: this.#peakBuffered,
      maxInFlight: this.#maxInFlight, bufferBytes: this.#bufferBytes,
    };
  }
}

/** Counted (sidecar_events_total{event="overloaded"}) where it is decided: some callers answer it themselves. */
function overloaded(route: string, bound: 'in_flight' | 'buffers', why: string): ApiError {
  publishSidecarEvent(route, 'overloaded');
  return new ApiError('SIDECAR_OVERLOADED', `The sidecar refused this call on route ${route}: ${why}. Retry shortly.`, {
    headers: { 'retry-after': '1' },
    extensions: { route, bound },
  });
}
