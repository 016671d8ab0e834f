// Long work on the event loop (verifying the chain, collecting a report) shares it with the calls
// it must not stall: it gives the loop back after every slice of work, measured in time, not in
// rows, because one row can hold megabytes (a 5 MB request body recorded whole) and 500 of them
// took seconds. An awaited read that is already resolved (SQLite's are synchronous) does not.

export const SLICE_MS = 10;

export interface TimeSlice {
  /** True once this slice has run SLICE_MS or more. */
  spent(): boolean;
  /** Lets the event loop run what waits, then starts a new slice. */
  yield(): Promise<void>;
}

export function timeSlice(ms = SLICE_MS): TimeSlice {
  let since = performance.now();
  return {
    spent: () => performance.now() - since >= ms,
    async yield() {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    },
  };
}
