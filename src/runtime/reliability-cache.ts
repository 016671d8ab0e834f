// Historical reliability per agent: the agent's recent outcomes are read from the ledger once,
// then kept current in memory as new decisions are recorded (bounded LRU of agents).

import type { LRUCache } from 'lru-cache';
import { entryBoundedCache } from '../interop/entry-bounded-cache.ts';
import { countsTowardReliability, historicalReliabilityAt, type Outcome } from '../governance/index.ts';
import type { Ledger } from '../ledger/index.ts';

interface Recorded {
  outcome: Outcome;
  finalConfidence: number;
  at: number;
}

export interface ReliabilityCacheOptions {
  /** How many past outcomes count (newest first). */
  window?: number;
  maxAgents?: number;
}

export class ReliabilityCache {
  readonly #ledger: Ledger;
  readonly #window: number;
  readonly #history: LRUCache<string, Promise<Recorded[]>>;

  constructor(ledger: Ledger, options: ReliabilityCacheOptions = {}) {
    this.#ledger = ledger;
    this.#window = options.window ?? 50;
    this.#history = entryBoundedCache({ maxEntries: options.maxAgents ?? 10_000 });
  }

  async score(agentId: string, now: number): Promise<number> {
    return (await this.reliability(agentId, now)).score;
  }

  /** The score and how many past decisions it rests on (0: a new agent, at the prior). */
  async reliability(agentId: string, now: number): Promise<{ score: number; samples: number }> {
    const history = await this.#load(agentId);
    return { score: historicalReliabilityAt(history, now), samples: history.length };
  }

  /** Called after a decision is durably recorded; the operator's kill-switch blocks are not the agent's record. */
  record(agentId: string, outcome: Outcome, finalConfidence: number, at: number, decidedBy = 'weighted'): void {
    if (!countsTowardReliability(decidedBy)) return;
    const cached = this.#history.get(agentId);
    if (!cached) return; // read from the ledger, with this row, on next use
    // In place, newest first: every call records one or two outcomes, and copying the window
    // each time was a steady stream of garbage. A reader awaiting the same promise after this
    // runs after it, so it sees the outcome (promise callbacks run in the order they were added).
    void cached.then((list) => {
      list.unshift({ outcome, finalConfidence, at });
      if (list.length > this.#window) list.length = this.#window;
    }, () => {});
  }

  #load(agentId: string): Promise<Recorded[]> {
    let pending = this.#history.get(agentId);
    if (!pending) {
      pending = this.#ledger.recentOutcomes(agentId, this.#window).then((rows) =>
        rows.map((r) => ({ outcome: r.outcome, finalConfidence: r.final_confidence ?? 0, at: Date.parse(r.created_at) })));
      pending.catch(() => this.#history.delete(agentId));
      this.#history.set(agentId, pending);
    }
    return pending;
  }
}
