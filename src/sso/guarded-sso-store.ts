// A store that cannot be reached is our problem, not the person's: every failure of the SSO
// store becomes 503 AUTH_UNAVAILABLE (with Retry-After), never a 500 or a refused sign-in.

import { ApiError } from '../http/index.ts';
import type { SsoStore } from './sso-store.ts';

export function guardSsoStore(store: SsoStore, onError: (error: Error) => void): SsoStore {
  const guard = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (error) {
      onError(error as Error);
      throw new ApiError('AUTH_UNAVAILABLE', 'Single sign-on state cannot be read or written right now; try again shortly.', { headers: { 'retry-after': '5' } });
    }
  };
  return {
    saveRequest: guard(store.saveRequest.bind(store)),
    consumeRequest: guard(store.consumeRequest.bind(store)),
    rememberAssertion: guard(store.rememberAssertion.bind(store)),
    createSession: guard(store.createSession.bind(store)),
    findSession: guard(store.findSession.bind(store)),
    revokeSession: guard(store.revokeSession.bind(store)),
    purge: store.purge.bind(store),
    close: store.close.bind(store),
  };
}
