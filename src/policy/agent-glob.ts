// Glob patterns on agent ids (`payments-*`), used for catalog membership and handoff trust.
// Agent ids are `[\w.-]+` and often hold dots (`payments-agent.eu.1`), so `*` must match dots,
// and every caller must match with the same options: hence one place for it.

import picomatch from 'picomatch';

const OPTIONS: picomatch.PicomatchOptions = { dot: true, strictBrackets: true };

/** Why a glob cannot work, or undefined when it is usable. */
export function agentGlobProblem(glob: string): string | undefined {
  if (/[\s/\\]/.test(glob)) return 'can never match: agent ids contain no spaces, / or \\';
  try {
    picomatch.makeRe(glob, OPTIONS);
  } catch (error) {
    return `is not a valid glob: ${(error as Error).message}`;
  }
  return undefined;
}

export type AgentMatcher = (agentId: string) => boolean;

export function compileAgentGlobs(globs: readonly string[]): AgentMatcher {
  if (globs.length === 0) return () => false;
  return picomatch([...globs], OPTIONS);
}

const matchers = new WeakMap<readonly string[], AgentMatcher>();

/**
 * True when `agentId` matches one of the globs (e.g. an AgentPolicy's `accepts_handoff_from`).
 * The compiled matcher is kept per array, so pass the bundle's own (frozen) array.
 */
export function agentGlobMatches(globs: readonly string[], agentId: string): boolean {
  let matcher = matchers.get(globs);
  if (matcher === undefined) {
    matcher = compileAgentGlobs(globs);
    matchers.set(globs, matcher);
  }
  return matcher(agentId);
}
