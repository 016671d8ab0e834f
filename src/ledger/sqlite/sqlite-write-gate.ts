// One ledger file, several SQLite connections on the main thread (the notification outbox, the
// analytics roll-up and alerts, ...). A transaction that spans an `await` holds the file's write
// lock while other main-thread code runs; a write on another connection then waits inside
// SQLite's busy handler, synchronously, blocking the very event loop the first transaction needs
// to finish: a deadlock until busy_timeout, then "database is locked". Main-thread writes that may
// meet such a transaction go through this gate instead: one at a time per file, queued on
// promises, so waiting never blocks the event loop. (The ledger's own writer thread waits in its
// own thread and needs no gate.) Work inside the gate must not wait for the gate again.

import path from 'node:path';

const tails = new Map<string, Promise<unknown>>();

export function throughWriteGate<T>(file: string, work: () => T | Promise<T>): Promise<T> {
  // ':memory:' databases are private to their connection: nothing to share, nothing to wait for.
  if (file === ':memory:') return Promise.resolve().then(work);
  const key = path.resolve(file);
  const run = (tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
  const tail = run.then(() => undefined, () => undefined);
  tails.set(key, tail);
  void tail.then(() => { if (tails.get(key) === tail) tails.delete(key); });
  return run;
}
