// The console's shell: finds out how to sign in, then shows the views the credential may use.

import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import { Client, storeKey } from './api.ts';
import { ProblemMessage } from './components.tsx';
import { asProblem, useHashRoute } from './hooks.ts';
import type { Problem } from './api.ts';
import { SessionContext, checkCredential, readHealth, readSsoSession, restoredCredential, type Session } from './session.tsx';
import { SignIn } from './SignIn.tsx';
import type { AuthCheck, Health, SsoSession } from './types.ts';
import { ReviewView } from './review/ReviewView.tsx';
import { AuditView } from './audit/AuditView.tsx';
import { OperationsView } from './operations/OperationsView.tsx';
// The charting library is most of the bundle's weight: loaded with the view that draws charts.
const CertificationView = lazy(() => import('./certification/CertificationView.tsx').then((m) => ({ default: m.CertificationView })));
const FleetView = lazy(() => import('./fleet/FleetView.tsx').then((m) => ({ default: m.FleetView })));

interface View { path: string; label: string; feature: string }

const VIEWS: View[] = [
  { path: 'review', label: 'Review queue', feature: 'review_queue' },
  { path: 'audit', label: 'Audit', feature: 'audit_read' },
  { path: 'operations', label: 'Operations', feature: 'kill_switch_read' },
  { path: 'certification', label: 'Certification', feature: 'certify_read' },
  { path: 'fleet', label: 'Fleet', feature: 'analytics' },
];

export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  const [sso, setSso] = useState<SsoSession | null>(null);
  const [authEnabled, setAuthEnabled] = useState<boolean | null>(null);
  const [signedIn, setSignedIn] = useState<{ client: Client; me: AuthCheck } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    (async () => {
      const h = await readHealth();
      setHealth(h);
      const session = await readSsoSession().catch(() => null);
      setSso(session);
      const probe = await fetch('/v1/auth/check', { cache: 'no-store' });
      setAuthEnabled(probe.status === 401 ? true : probe.ok ? ((await probe.json()) as AuthCheck).auth_enabled : null);
      const credential = restoredCredential(session);
      if (credential) {
        try {
          setSignedIn(await checkCredential(h.variant, credential));
        } catch {
          storeKey(null);
        }
      }
    })().catch((error) => setProblem(asProblem(error))).finally(() => setReady(true));
  }, []);

  if (!ready) return <main id="main"><p role="status">Loading…</p></main>;
  if (!health) return <main id="main"><h1>Governance console</h1><ProblemMessage problem={problem} /></main>;
  if (!signedIn) {
    return <SignIn variant={health.variant} sso={sso} authEnabled={authEnabled} onSignedIn={(client, me) => setSignedIn({ client, me })} />;
  }
  const signOut = async () => {
    storeKey(null);
    if (signedIn.client.credential.kind === 'sso') {
      // The cookie is HttpOnly and its session lives in the gateway's store: only the gateway can
      // end it. Forgetting it in the page alone would leave it live (a reload signs back in).
      try {
        const ended = await signedIn.client.post<{ logout_url: string | null }>('/v1/sso/logout', {});
        if (ended?.logout_url) {
          // The IdP's single logout: the session there ends too.
          window.location.assign(ended.logout_url);
          return;
        }
        setSso({ authenticated: false });
      } catch (error) {
        setProblem(asProblem(error));
        return;
      }
    }
    setSignedIn(null);
    window.location.hash = '';
  };
  return (
    <Shell
      health={health} sso={sso} client={signedIn.client} me={signedIn.me} problem={problem}
      onSignOut={() => void signOut()}
    />
  );
}

function Shell(props: { health: Health; sso: SsoSession | null; client: Client; me: AuthCheck; problem: Problem | null; onSignOut: () => void }) {
  const route = useHashRoute();
  const session: Session = useMemo(() => ({
    client: props.client, me: props.me, health: props.health, sso: props.sso,
    can: (feature: string) => props.me.features.includes(feature),
    signOut: props.onSignOut,
  }), [props.client, props.me, props.health, props.sso, props.onSignOut]);
  const current = VIEWS.find((v) => v.path === route[0]) ?? VIEWS[0];
  const mainRef = useRef<HTMLElement>(null);
  // After a change of view, focus goes to the main region so a keyboard or screen reader user
  // starts at the new content rather than at the top of the page.
  useEffect(() => { mainRef.current?.focus(); }, [current.path]);

  const who = props.me.kind === 'anonymous' ? 'anonymous (auth off)' : props.me.subject;
  return (
    <SessionContext.Provider value={session}>
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); mainRef.current?.focus(); }}>Skip to content</a>
      <header className="top">
        <span className="brand">governance-gateway</span>
        <nav aria-label="Console views">
          <ul>
            {VIEWS.map((view) => (
              <li key={view.path}>
                <a href={`#/${view.path}`} aria-current={view.path === current.path ? 'page' : undefined}>{view.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="whoami">
          <span>{who}{props.me.roles?.length ? ` · ${props.me.roles.join(', ')}` : ''} · {props.me.tier}{props.me.team ? ` · ${props.me.team}` : ''} · {props.health.variant}</span>
          <button type="button" onClick={props.onSignOut}>Sign out</button>
        </div>
      </header>
      {/* A sign-out the gateway could not complete: the session is still live, and the person must know. */}
      <ProblemMessage problem={props.problem} />
      <main id="main" ref={mainRef} tabIndex={-1}>
        {session.can(current.feature) ? <CurrentView path={current.path} rest={route.slice(1)} /> : <NotAllowed view={current} me={props.me} />}
      </main>
    </SessionContext.Provider>
  );
}

function CurrentView({ path, rest }: { path: string; rest: string[] }) {
  switch (path) {
    case 'audit': return <AuditView selected={rest[0] ?? null} />;
    case 'operations': return <OperationsView />;
    case 'certification': return <Suspense fallback={<p role="status">Loading…</p>}><CertificationView selected={rest[0] ?? null} /></Suspense>;
    case 'fleet': return <Suspense fallback={<p role="status">Loading…</p>}><FleetView /></Suspense>;
    default: return <ReviewView selected={rest[0] ?? null} />;
  }
}

function NotAllowed({ view, me }: { view: View; me: AuthCheck }) {
  return (
    <>
      <h1>{view.label}</h1>
      <p className="problem" role="alert">
        This credential ({me.tier} tier) does not include <code>{view.feature}</code>, which the {view.label.toLowerCase()} needs.
        Ask an administrator for a credential that does.
      </p>
    </>
  );
}
