// The sign-in page: an API key for local use, or single sign-on when the gateway offers it.

import { useState, type FormEvent } from 'react';
import { storeKey, type Variant } from './api.ts';
import { ProblemMessage } from './components.tsx';
import { asProblem } from './hooks.ts';
import type { Problem } from './api.ts';
import { checkCredential } from './session.tsx';
import type { AuthCheck, SsoSession } from './types.ts';
import type { Client } from './api.ts';

/** Where the SSO button sends the browser unless the session endpoint names another URL. */
const DEFAULT_SSO_LOGIN = '/v1/sso/login';

export function SignIn(props: { variant: Variant; sso: SsoSession | null; authEnabled: boolean | null; onSignedIn: (client: Client, me: AuthCheck) => void }) {
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const header = props.variant === 'edge' ? 'X-Service-Token' : 'Authorization: Bearer';

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const { client, me } = await checkCredential(props.variant, { kind: 'api_key', key: key.trim() });
      if (me.auth_enabled && !me.authenticated) throw new Error('The gateway did not accept this key.');
      storeKey(key.trim());
      props.onSignedIn(client, me);
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const continueWithoutKey = async () => {
    try {
      const { client, me } = await checkCredential(props.variant, { kind: 'none' });
      props.onSignedIn(client, me);
    } catch (error) {
      setProblem(asProblem(error));
    }
  };

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to the governance console</h1>
      {props.sso ? (
        <section aria-labelledby="sso-heading">
          <h2 id="sso-heading">Single sign-on</h2>
          <a className="button primary" href={`${props.sso.login_url ?? DEFAULT_SSO_LOGIN}?relay_state=${encodeURIComponent('/console')}`}>Sign in with SSO</a>
        </section>
      ) : null}
      <section aria-labelledby="key-heading">
        <h2 id="key-heading">Sign in with an API key</h2>
        <form onSubmit={signIn}>
          <label htmlFor="api-key">API key</label>
          <input id="api-key" name="api-key" type="password" autoComplete="off" required value={key} onChange={(e) => setKey(e.target.value)} aria-describedby="key-help" />
          <p id="key-help" className="help">
            Kept in this browser tab only (sessionStorage) and sent as <code>{header}</code>, the header this {props.variant} gateway reads.
          </p>
          <button type="submit" className="primary" disabled={busy || key.trim() === ''}>Sign in</button>
        </form>
        {props.authEnabled === false ? (
          <p>
            Authentication is off on this gateway (AUTH_ENABLED=false): every caller gets the default tier.{' '}
            <button type="button" onClick={continueWithoutKey}>Continue without a key</button>
          </p>
        ) : null}
        <ProblemMessage problem={problem} />
      </section>
    </main>
  );
}
