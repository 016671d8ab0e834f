// A gateway with single sign-on against a test IdP (saml-idp.ts): sso.yaml is written once the
// gateway's port is known (its base_url), and picked up by the hot reload.

import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import { startTestGateway, type TestGateway } from './gateway.ts';
import type { PostedForm, TestIdp } from './saml-idp.ts';

export const SESSION_SECRET = 'a-test-session-secret-of-at-least-32-characters';

export function ssoYaml(idp: TestIdp, baseUrl: string, extra = ''): string {
  return `base_url: ${baseUrl}
idp:
  metadata_url: ${idp.metadataUrl}
security:
  clock_skew_seconds: 30
mapping:
  subject_attribute: email
  team_attribute: groups
  teams:
    payments: payments
    risk: risk
  role_attribute: groups
  roles:
    gg-reviewers: [reviewer]
    gg-admins: [admin, operator]
  default_roles: [viewer]
${extra}`;
}

/** Polls until the routes answer something other than 404 SSO_NOT_CONFIGURED (the reload applied). */
export async function waitForSso(gw: TestGateway, expect: (status: number, code: string | undefined) => boolean = (s) => s === 200): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = await gw.call('GET', '/v1/sso/metadata');
    if (expect(res.status, res.body?.code)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('sso.yaml was not applied');
}

export interface SsoGateway {
  gw: TestGateway;
  configDir: string;
  spEntityId: string;
  acsUrl: string;
}

export async function startSsoGateway(t: TestContext, idp: TestIdp, options: { env?: Record<string, string>; extraYaml?: string; configDir?: string; baseUrl?: string } = {}): Promise<SsoGateway> {
  const configDir = options.configDir ?? mkdtempSync(path.join(os.tmpdir(), 'govgate-sso-config-'));
  const gw = await startTestGateway(t, { env: { AUTH_ENABLED: 'true', SESSION_SECRET, CONFIG_DIR: configDir, ...options.env } });
  const baseUrl = options.baseUrl ?? gw.url;
  if (!options.configDir) writeFileSync(path.join(configDir, 'sso.yaml'), ssoYaml(idp, baseUrl, options.extraYaml));
  await waitForSso(gw, (status, code) => code !== 'SSO_NOT_CONFIGURED' && status !== 404);
  return { gw, configDir, spEntityId: `${baseUrl}/v1/sso/metadata`, acsUrl: `${baseUrl}/v1/sso/acs` };
}

export interface LoginStarted {
  location: string;
  requestId: string;
  /** `name=value` of the cookie that binds the sign-in to this browser (send it to the ACS). */
  loginCookie: string;
  /** The whole Set-Cookie line of that cookie. */
  setCookie: string;
}

/** GET /v1/sso/login; returns the IdP location, the AuthnRequest id in it, and the browser's login cookie. */
export async function beginLogin(gw: TestGateway, relayState?: string): Promise<LoginStarted> {
  const query = relayState === undefined ? '' : `?relay_state=${encodeURIComponent(relayState)}`;
  const res = await fetch(`${gw.url}/v1/sso/login${query}`, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const location = res.headers.get('location')!;
  const xml = inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
  const setCookie = res.headers.getSetCookie().find((line) => /^(__Secure-)?gg_sso_login=/.test(line));
  if (!setCookie) throw new Error('login set no gg_sso_login cookie');
  return { location, requestId: /\sID="([^"]+)"/.exec(xml)![1], loginCookie: setCookie.split(';')[0], setCookie };
}

export interface AcsResult {
  status: number;
  headers: Headers;
  body: any;
  /** `name=value` of the session cookie, when one was set. */
  cookie: string | null;
  /** Every Set-Cookie line of the answer. */
  setCookies: string[];
}

/** Posts a form to the ACS as the browser would (HTTP-POST binding), with the browser's cookies if given. */
export async function postAcs(url: string, form: { SAMLResponse: string; RelayState?: string | null }, cookie?: string): Promise<AcsResult> {
  const body = new URLSearchParams({ SAMLResponse: form.SAMLResponse, ...(form.RelayState ? { RelayState: form.RelayState } : {}) });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) };
  const res = await fetch(url, { method: 'POST', body, redirect: 'manual', headers });
  const text = await res.text();
  const setCookies = res.headers.getSetCookie();
  const session = setCookies.find((line) => /^(__Host-)?gg_session=[^;]/.test(line));
  return { status: res.status, headers: res.headers, body: text ? safeJson(text) : undefined, cookie: session ? session.split(';')[0] : null, setCookies };
}

/** The whole browser journey: login redirect, the IdP's form, the post to the ACS (with the login cookie). */
export async function signIn(gw: TestGateway, idp: TestIdp, relayState?: string): Promise<AcsResult & { form: PostedForm }> {
  const { location, loginCookie } = await beginLogin(gw, relayState);
  const form = await idp.signIn(location);
  return { ...(await postAcs(form.action, form, loginCookie)), form };
}

export function encode(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
