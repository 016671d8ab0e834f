// A poll woken by a timer (work left by other processes, or that has become due) and by this
// process whenever it enqueues or finishes work. Wakes that arrive during a poll coalesce into
// one more poll after it: a burst of enqueues costs two polls, not one each, and polls never
// overlap, so a poll can size its claim by the work in flight without racing itself.

export interface PollLoopOptions {
  /**
   * One poll. Resolves `true` when more work may be waiting (it claimed a full batch), to poll
   * again at once. A rejection is reported to `onError`; the loop goes on.
   */
  poll(): Promise<boolean | void>;
  /** Milliseconds between timer wakes, read again for each wait so that a reloaded setting applies. */
  intervalMs(): number;
  onError(error: Error): void;
  /** Poll once at start (default), or first when the timer fires. */
  pollAtStart?: boolean;
}

export interface PollLoop {
  /** Polls now, or once more as soon as the poll in progress ends. */
  wake(): void;
  /** The poll in progress (and any poll it wakes), or undefined; never rejects. */
  readonly inProgress: Promise<void> | undefined;
  /** No more polls; resolves when the poll in progress has ended. */
  stop(): Promise<void>;
}

/** Starts the loop (with a first poll at once unless `pollAtStart` is false). The timer does not keep the process alive. */
export function startPollLoop(options: PollLoopOptions): PollLoop {
  let stopped = false;
  let inProgress: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const pollOnce = async (): Promise<void> => {
    try {
      if ((await options.poll()) === true) again = true;
    } catch (error) {
      try {
        options.onError(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // A failing reporter must not stop the loop either.
      }
    }
  };

  const wake = (): void => {
    if (stopped) return;
    if (inProgress) {
      again = true;
      return;
    }
    inProgress = pollOnce().finally(() => {
      inProgress = undefined;
      if (again) {
        again = false;
        wake();
      }
    });
  };

  const schedule = (): void => {
    timer = setTimeout(() => {
      if (stopped) return;
      wake();
      schedule();
    }, options.intervalMs());
    timer.unref();
  };

  schedule();
  if (options.pollAtStart !== false) wake();
  return {
    wake,
    get inProgress() {
      return inProgress;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inProgress;
    },
  };
}
