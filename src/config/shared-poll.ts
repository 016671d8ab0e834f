// One timer for every poll that runs at the same interval. A gateway polls each hot-reloaded
// source (the policy bundle and four config files) as a backstop for missed watch events; with a
// timer each, an idle sidecar woke five times every two seconds for them, and a wake-up is most
// of what an idle process pays (docs/performance.md, "An idle sidecar's CPU"). Grouped, it wakes
// once per interval and runs them all.

interface PollGroup {
  readonly polls: Set<() => void>;
  readonly timer: NodeJS.Timeout;
}

const groups = new Map<number, PollGroup>();

/**
 * Runs `poll` every `intervalMs` on the timer shared by all polls of that interval; a poll that
 * throws does not stop the others (each caller reports its own errors). The timer does not keep
 * the process alive. Returns the function that removes this poll; the last one out stops the timer.
 */
export function pollEvery(intervalMs: number, poll: () => void): () => void {
  let group = groups.get(intervalMs);
  if (!group) {
    const polls = new Set<() => void>();
    const timer = setInterval(() => {
      for (const each of [...polls]) {
        try { each(); } catch { /* the caller's poll reports its own errors */ }
      }
    }, intervalMs);
    timer.unref();
    group = { polls, timer };
    groups.set(intervalMs, group);
  }
  // A function may be registered twice (two sources sharing one poll): each registration counts.
  const entry = (): void => poll();
  const joined = group;
  joined.polls.add(entry);
  return () => {
    if (!joined.polls.delete(entry) || joined.polls.size > 0) return;
    clearInterval(joined.timer);
    if (groups.get(intervalMs) === joined) groups.delete(intervalMs);
  };
}

/** How many poll timers are running (one per distinct interval in use). */
export function runningPollTimers(): number {
  return groups.size;
}
