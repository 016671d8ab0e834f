// Which catalog governs an agent id: the first (in file-name order) whose globs match. It runs on
// every request, so results are cached; the cache is bounded because agent ids come from callers.

import { entryBoundedCache } from '../interop/entry-bounded-cache.ts';
import type { AgentPolicy } from './types.ts';
import { compileAgentGlobs } from './agent-glob.ts';

const NO_CATALOG = Symbol('no catalog');
const CACHE_SIZE = 10_000;

export function createAgentResolver(agents: readonly AgentPolicy[]): (agentId: string) => AgentPolicy | undefined {
  const matchers = agents.map((agent) => ({ agent, matches: compileAgentGlobs(agent.agents) }));
  const cache = entryBoundedCache<string, AgentPolicy | typeof NO_CATALOG>({ maxEntries: CACHE_SIZE });
  return (agentId) => {
    let found = cache.get(agentId);
    if (found === undefined) {
      found = matchers.find(({ matches }) => matches(agentId))?.agent ?? NO_CATALOG;
      cache.set(agentId, found);
    }
    return found === NO_CATALOG ? undefined : found;
  };
}
