// undici is about 1 MB of JavaScript: loading it costs start-up time and memory that a gateway
// which never calls out (no webhooks, no judge, no upstream yet) should not pay. Everything that
// makes outbound HTTP calls loads it here, on the first call.
//
// Only the dispatchers are loaded (Pool, Agent, and the request API they share), not undici's
// index: the index also loads fetch, WebSocket, EventSource, the cache stores and the mocks, and
// its cookie helpers read globalThis.Headers, which makes Node load its own bundled copy of undici
// and the web streams. Measured on a 2-core VM: 95 - 110 ms for the index against 34 - 37 ms,
// spent on the sidecar's event loop right after it starts listening (its warm-up), so the first
// readiness probe waited for it. The mixin below is what the index does for the same classes.

import type { Agent, Dispatcher, Pool } from 'undici';
import { commonJsExports } from '../interop/commonjs.ts';

export interface Undici {
  Pool: typeof Pool;
  Agent: typeof Agent;
}

let loading: Promise<Undici> | undefined;

/** A CommonJS module's module.exports, typed as its `default` (commonjs.ts says why both forms occur). */
const exportsOf = <T>(imported: { default: T }): T => commonJsExports(imported as object) as T;

export const loadUndici = (): Promise<Undici> => (loading ??= (async () => {
  const [dispatcher, api, pool, agent] = await Promise.all([
    import('undici/lib/dispatcher/dispatcher.js'), import('undici/lib/api/index.js'),
    import('undici/lib/dispatcher/pool.js'), import('undici/lib/dispatcher/agent.js'),
  ]);
  // request(), stream(), pipeline()... on every dispatcher, as undici's index sets them.
  Object.assign(exportsOf(dispatcher).prototype, exportsOf(api));
  return { Pool: exportsOf(pool), Agent: exportsOf(agent) };
})());

/**
 * undici's request(url, options) for a dispatcher of our own: the URL's origin and its path with
 * the query string (userinfo and fragment are not sent, as undici's request does).
 */
export async function requestUrl(dispatcher: Dispatcher, url: string, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  const parsed = new URL(url);
  return dispatcher.request({ ...options, origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` });
}

/** An undici Agent made on first use; closing one that was never made does nothing. */
export interface LazyAgent {
  get(): Promise<Agent>;
  close(): Promise<void>;
}

export function lazyAgent(options: Agent.Options): LazyAgent {
  let agent: Promise<Agent> | undefined;
  return {
    get: () => (agent ??= loadUndici().then(({ Agent: AgentClass }) => new AgentClass(options))),
    close: async () => { await (await agent)?.close(); },
  };
}
