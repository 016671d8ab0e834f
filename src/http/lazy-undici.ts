// undici is about 1 MB of JavaScript: loading it costs start-up time (40-150 ms measured) and
// memory that a gateway which never calls out (no webhooks, no judge, no upstream yet) should not
// pay. Everything that makes outbound HTTP calls loads it here, on the first call.

import type { Agent } from 'undici';
import { commonJsExports } from '../interop/commonjs.ts';

export type Undici = typeof import('undici');

let loading: Promise<Undici> | undefined;

export const loadUndici = (): Promise<Undici> => (loading ??= import('undici').then(commonJsExports));

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
