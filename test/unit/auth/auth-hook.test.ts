// The auth hook and the tier table: every feature at every tier (402 for a feature the tier
// does not include, 403 for a capability it does not allow, each naming the tier needed),
// public routes, and AUTH_ENABLED=false with its default tier.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { ENTITLEMENTS, ROLES, TIERS, createAuthHook, featuresFor, type Feature, type Tier } from '../../../src/auth/index.ts';
import { ApiError, type Principal, type RequestContext, type RouteMeta } from '../../../src/http/index.ts';

function context(meta: RouteMeta, headers: IncomingHttpHeaders = {}, route = 'GET /v1/review/queue'): RequestContext {
  const [method, template] = route.split(' ');
  const sent: Record<string, string> = {};
  const res = { sent, setHeader: (name: string, value: string) => { sent[name] = value; } };
  return { req: { headers }, res, meta, method, route: template } as unknown as RequestContext;
}

/** The headers the hook set on the answer. */
const answerHeaders = (ctx: RequestContext): Record<string, string> => (ctx.res as unknown as { sent: Record<string, string> }).sent;

const principalWith = (tier: Tier): Principal => ({ kind: 'jwt', subject: 'user-1', tier, team: null, roles: ROLES, agent_scope: null, expires_at: null });

async function outcome(hook: ReturnType<typeof createAuthHook>, ctx: RequestContext): Promise<string> {
  try {
    await hook(ctx, {} as never);
    return 'ok';
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return `${error.status} ${error.code} needs ${String(error.extensions?.required_tier)}`;
  }
}

// What the spec says, feature by feature; the table in code must agree.
const EXPECTED: Record<Feature, [Tier, 402 | 403]> = {
  runtime: ['developer', 403],
  kill_switch_read: ['developer', 403],
  team_management: ['team', 403],
  kill_switch_write: ['team', 403],
  decision_rerun: ['team', 403],
  audit_read: ['team', 403],
  audit_erase: ['team', 403],
  review_queue: ['team', 403],
  policy_evaluate: ['team', 403],
  notifications: ['team', 403],
  analytics: ['team', 403],
  alerts: ['team', 403],
  chain_verify: ['enterprise', 403],
  llm_judge: ['enterprise', 402],
  certify_read: ['team', 403],
  certify_issue: ['enterprise', 402],
  reports: ['team', 403],
  saml_sso: ['enterprise', 402],
  ledger_internal: ['enterprise', 403],
};

describe('tier boundaries', () => {
  test('the table in code matches the spec', () => {
    assert.deepEqual(
      Object.fromEntries(Object.entries(ENTITLEMENTS).map(([feature, e]) => [feature, [e.minimumTier, e.denial]])),
      EXPECTED,
    );
  });

  for (const [feature, [minimum, denial]] of Object.entries(EXPECTED) as Array<[Feature, [Tier, 402 | 403]]>) {
    for (const tier of TIERS) {
      const allowed = TIERS.indexOf(tier) >= TIERS.indexOf(minimum);
      const expected = allowed ? 'ok' : `${denial} ${denial === 402 ? 'ENTITLEMENT_REQUIRED' : 'FORBIDDEN'} needs ${minimum}`;
      test(`${feature} for a ${tier} caller: ${expected}`, async () => {
        const hook = createAuthHook({ enabled: true, variant: 'embedded', defaultTier: 'developer', authenticate: async () => principalWith(tier) });
        assert.equal(await outcome(hook, context({ feature }, { authorization: 'Bearer token' })), expected);
        assert.equal(featuresFor(tier).includes(feature), allowed);
      });
    }
  }
});

describe('createAuthHook', () => {
  test('AUTH_ENABLED=false: anonymous with the default tier, credentials ignored, tier still enforced', async () => {
    const hook = createAuthHook({ enabled: false, variant: 'edge', defaultTier: 'team' });
    const ctx = context({ feature: 'audit_read' }, { 'x-service-token': 'anything' });
    assert.equal(await outcome(hook, ctx), 'ok');
    assert.deepEqual(ctx.principal, { kind: 'anonymous', subject: 'anonymous', tier: 'team', team: null, roles: ROLES, agent_scope: null, expires_at: null });
    assert.equal(await outcome(hook, context({ feature: 'chain_verify' })), '403 FORBIDDEN needs enterprise');
    assert.equal(await outcome(hook, context({ feature: 'llm_judge' })), '402 ENTITLEMENT_REQUIRED needs enterprise');
  });

  test('public routes need no credential even when auth is on; others do', async () => {
    let calls = 0;
    const hook = createAuthHook({ enabled: true, variant: 'embedded', defaultTier: 'enterprise', authenticate: async () => { calls++; return principalWith('enterprise'); } });
    assert.equal(await outcome(hook, context({ public: true })), 'ok');
    assert.equal(calls, 0);
    assert.equal(await outcome(hook, context({ feature: 'runtime' })), '401 UNAUTHENTICATED needs undefined');
  });

  test('an answer to a credential is never stored by a cache; a public one is left to its route', async () => {
    for (const enabled of [true, false]) {
      const hook = createAuthHook({ enabled, variant: 'embedded', defaultTier: 'enterprise', authenticate: async () => principalWith('enterprise') });
      const credentialed = context({ feature: 'review_queue' }, { authorization: 'Bearer k' });
      assert.equal(await outcome(hook, credentialed), 'ok');
      assert.deepEqual(answerHeaders(credentialed), { 'cache-control': 'no-store' }, `auth ${enabled}`);
      const open = context({ public: true });
      await outcome(hook, open);
      assert.deepEqual(answerHeaders(open), {}, `auth ${enabled}`);
    }
  });

  test('auth on without an authenticator is a programming error caught at start-up', () => {
    assert.throws(() => createAuthHook({ enabled: true, variant: 'edge', defaultTier: 'developer' }), /authenticate is required/);
  });
});

describe('session cookies (single sign-on)', () => {
  const person: Principal = { kind: 'session', subject: 'alice@example.com', tier: 'team', team: 'payments', teams: ['payments'], roles: ['reviewer'], agent_scope: null, expires_at: null };
  const hookWith = (variant: 'embedded' | 'edge', asked: string[]) => createAuthHook({
    enabled: true, variant, defaultTier: 'enterprise',
    authenticate: async () => principalWith('enterprise'),
    session: async (req) => {
      asked.push(String(req.headers.cookie));
      return req.headers.cookie ? person : null;
    },
  });

  test('without a credential header the session is the principal, and its tier meets the entitlement check', async () => {
    const asked: string[] = [];
    const ctx = context({ feature: 'review_queue' }, { cookie: 'gg_session=x' });
    await hookWith('embedded', asked)(ctx, {} as never);
    assert.equal(ctx.principal, person);
    assert.equal(await outcome(hookWith('embedded', asked), context({ feature: 'chain_verify' }, { cookie: 'gg_session=x' })), '403 FORBIDDEN needs enterprise');
  });

  test('a session goes through the role check like any credential: a reviewer may not flip the kill switch', async () => {
    const ctx = context({ feature: 'kill_switch_write' }, { cookie: 'gg_session=x' }, 'POST /v1/runtime/kill-switch');
    await assert.rejects(async () => hookWith('embedded', [])(ctx, {} as never), (error: unknown) => error instanceof ApiError && error.code === 'ROLE_REQUIRED');
  });

  test('a credential header decides alone: the session is never asked', async () => {
    for (const [variant, header] of [['embedded', { authorization: 'Bearer abc' }], ['edge', { 'x-service-token': 'abc' }]] as const) {
      const asked: string[] = [];
      const ctx = context({ feature: 'review_queue' }, { ...header, cookie: 'gg_session=x' });
      await hookWith(variant, asked)(ctx, {} as never);
      assert.equal(ctx.principal!.kind, 'jwt');
      assert.deepEqual(asked, []);
    }
  });

  test('no cookie and no header: the usual 401; public routes never ask', async () => {
    const asked: string[] = [];
    assert.match(await outcome(hookWith('embedded', asked), context({ feature: 'review_queue' })), /^401 UNAUTHENTICATED/);
    await hookWith('embedded', asked)(context({ public: true }, { cookie: 'gg_session=x' }), {} as never);
    assert.deepEqual(asked, ['undefined']);
  });
});
