// The SAML 2.0 service provider: AuthnRequests out (HTTP-Redirect), responses in (HTTP-POST),
// SP metadata, single logout. node-saml checks the XML signature (only the signed assertion is
// read, a second assertion is refused), the audience and the conditions' time window; this
// module adds what it leaves to its caller, each checked on the signed assertion only:
// Recipient and Destination equal to our ACS URL, the Issuer equal to the IdP's entity id, the
// subject confirmation's time window, InResponseTo consumed once from the shared store (so no
// response is accepted that we did not ask for, unless configured) and only from the browser
// that asked (login-cookie.ts), and the assertion id remembered until it expires (replay). A
// fresh SAML object per call: settings reload freely.

import { commonJsExports } from '../interop/commonjs.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Element } from '@xmldom/xmldom';
import { parseXmlDocument } from './xml-document.ts';
import type { CacheProvider, Profile, SAML, SamlConfig } from '@node-saml/node-saml';
import type { IdpMetadata } from './idp-metadata.ts';
import type { SsoSettings } from './sso-file.ts';
import type { SsoStore } from './sso-store.ts';
import { classifySamlError, ssoFailure } from './saml-failure.ts';
import { DEFAULT_LANDING, safeRelayPath } from './relay-state.ts';

export const ACS_PATH = '/v1/sso/acs';
export const LOGOUT_PATH = '/v1/sso/logout';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
/** Far above a real response (a few KB) and below anything that would strain the XML parsers. */
export const MAX_SAML_RESPONSE_BYTES = 256 * 1024;

export interface SignedIn {
  name_id: string;
  name_id_format: string | null;
  session_index: string | null;
  attributes: Record<string, unknown>;
  /** Where to send the person: the path stored with the request, or a checked RelayState. */
  landing: string;
}

// node-saml remembers logout request ids in memory; we do not answer logout responses by id.
const NO_CACHE: CacheProvider = {
  saveAsync: async () => null,
  getAsync: async () => null,
  removeAsync: async () => null,
};

// node-saml and its XML stack take a noticeable time to load: only gateways that use SSO pay it.
let samlModule: Promise<typeof import('@node-saml/node-saml')> | undefined;
const loadSaml = () => (samlModule ??= import('@node-saml/node-saml').then(commonJsExports));

export function newRequestId(): string {
  // An NCName: XML ids may not start with a digit.
  return `_${randomBytes(20).toString('hex')}`;
}

async function samlFor(settings: SsoSettings, idp: IdpMetadata, id: () => string = newRequestId): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await loadSaml();
  const config: SamlConfig = {
    callbackUrl: settings.base_url + ACS_PATH,
    issuer: settings.sp_entity_id,
    audience: settings.sp_entity_id,
    entryPoint: idp.sso_url,
    logoutUrl: idp.slo_url ?? undefined,
    logoutCallbackUrl: settings.base_url + LOGOUT_PATH,
    idpCert: [...idp.signing_certs],
    idpIssuer: idp.entity_id,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: settings.clock_skew_seconds * 1000,
    // InResponseTo is tracked in the shared store below, atomically, not in node-saml's memory.
    validateInResponseTo: ValidateInResponseTo.never,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    generateUniqueId: id,
    cacheProvider: NO_CACHE,
  };
  return new SAML(config);
}

export async function spMetadataXml(settings: SsoSettings): Promise<string> {
  // The SP's own metadata does not depend on the IdP (node-saml wants a certificate it never reads here).
  const { SAML } = await loadSaml();
  const saml = new SAML({
    callbackUrl: settings.base_url + ACS_PATH, issuer: settings.sp_entity_id, idpCert: 'unused',
    logoutCallbackUrl: settings.base_url + LOGOUT_PATH, wantAssertionsSigned: true, identifierFormat: null, cacheProvider: NO_CACHE,
  });
  return saml.generateServiceProviderMetadata(null, null);
}

/** The IdP URL to send the person to, and the request id; the id is stored first, so any replica can finish. */
export async function startLogin(settings: SsoSettings, idp: IdpMetadata, store: SsoStore, landing: string, now: number): Promise<{ location: string; requestId: string }> {
  const id = newRequestId();
  await store.saveRequest(id, landing, now + settings.request_ttl_seconds * 1000);
  return { location: await (await samlFor(settings, idp, () => id)).getAuthorizeUrlAsync(landing, undefined, {}), requestId: id };
}

export async function logoutUrl(settings: SsoSettings, idp: IdpMetadata, person: { name_id: string; name_id_format: string | null; session_index: string | null }): Promise<string | null> {
  if (!idp.slo_url) return null;
  const profile: Profile = {
    issuer: idp.entity_id, nameID: person.name_id, nameIDFormat: person.name_id_format ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    ...(person.session_index ? { sessionIndex: person.session_index } : {}),
  };
  return (await samlFor(settings, idp)).getLogoutUrlAsync(profile, DEFAULT_LANDING, {});
}

/**
 * Validates a posted SAMLResponse; throws an SSO_* ApiError for every refusal. `sameBrowser`
 * throws unless the browser posting it is the one that started the request it answers
 * (login-cookie.ts): a response the attacker got for himself must not sign in someone else.
 */
export async function consumeResponse(
  settings: SsoSettings, idp: IdpMetadata, store: SsoStore, form: URLSearchParams, now: number, sameBrowser: (requestId: string) => void,
): Promise<SignedIn> {
  const encoded = form.get('SAMLResponse');
  if (!encoded) throw ssoFailure('SSO_RESPONSE_MALFORMED', 'The form has no SAMLResponse field.', 'missing');
  if (encoded.length > MAX_SAML_RESPONSE_BYTES * 1.4 || !/^[A-Za-z0-9+/=\s]+$/.test(encoded)) {
    throw ssoFailure('SSO_RESPONSE_MALFORMED', 'SAMLResponse is not base64, or is too large.', 'encoding');
  }
  const xml = Buffer.from(encoded, 'base64').toString('utf8');
  // No SAML message needs a DTD; refusing it closes entity-expansion and XXE paths before parsing.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw ssoFailure('SSO_RESPONSE_MALFORMED', 'The SAMLResponse carries a DTD, which is refused.', 'dtd');
  const response = responseAttributes(xml);

  let profile: Profile | null;
  try {
    ({ profile } = await (await samlFor(settings, idp)).validatePostResponseAsync({ SAMLResponse: encoded }));
  } catch (error) {
    throw classifySamlError(error);
  }
  if (!profile) throw ssoFailure('SSO_IDP_ERROR', 'The identity provider answered without signing anyone in (NoPassive).', 'no_passive');
  const signed = signedParts(profile);
  const acsUrl = settings.base_url + ACS_PATH;

  if (signed.issuer !== idp.entity_id) throw ssoFailure('SSO_ASSERTION_INVALID', `The assertion's Issuer is not the identity provider ${idp.entity_id}.`, 'issuer');
  if (response.destination !== null && response.destination !== acsUrl) {
    throw ssoFailure('SSO_ASSERTION_INVALID', `The response's Destination is not this service provider's ACS URL ${acsUrl}.`, 'destination');
  }
  const confirmation = signed.confirmations.find((c) => c.method === BEARER && c.recipient === acsUrl);
  if (!confirmation) throw ssoFailure('SSO_ASSERTION_INVALID', `The assertion has no bearer SubjectConfirmation whose Recipient is ${acsUrl}.`, 'recipient');
  const skewMs = settings.clock_skew_seconds * 1000;
  if (confirmation.notOnOrAfter === null) throw ssoFailure('SSO_ASSERTION_INVALID', 'The SubjectConfirmationData has no NotOnOrAfter.', 'no_expiry');
  if (now - skewMs >= confirmation.notOnOrAfter) throw ssoFailure('SSO_ASSERTION_EXPIRED', 'The assertion has expired (SubjectConfirmationData NotOnOrAfter).', 'expired');
  if (confirmation.notBefore !== null && now + skewMs < confirmation.notBefore) throw ssoFailure('SSO_ASSERTION_EXPIRED', 'The assertion is not valid yet (SubjectConfirmationData NotBefore).', 'not_yet_valid');
  if (response.inResponseTo !== null && response.inResponseTo !== confirmation.inResponseTo) {
    throw ssoFailure('SSO_ASSERTION_INVALID', 'The response\'s InResponseTo differs from the signed assertion\'s.', 'in_response_to');
  }
  if (!signed.id) throw ssoFailure('SSO_ASSERTION_INVALID', 'The assertion has no ID.', 'no_id');

  // First seen wins, on every replica; kept until the assertion could not be accepted anyway.
  const keepUntil = Math.max(confirmation.notOnOrAfter, signed.conditionsNotOnOrAfter ?? 0) + skewMs;
  if (!(await store.rememberAssertion(assertionKey(idp.entity_id, signed.id), keepUntil))) {
    throw ssoFailure('SSO_REPLAYED', 'This assertion was already used to sign in; each assertion signs in once.', 'replay');
  }

  let landing = DEFAULT_LANDING;
  if (confirmation.inResponseTo !== null) {
    const request = await store.consumeRequest(confirmation.inResponseTo, now);
    if (!request) throw ssoFailure('SSO_UNSOLICITED', 'The response answers no sign-in this gateway started (unknown, expired or already answered InResponseTo).', 'unknown_request');
    // After consuming: a response refused here cannot be tried again from another browser.
    sameBrowser(confirmation.inResponseTo);
    landing = request.relay_state;
  } else {
    // Unsolicited: no request, so nothing ties the response to a browser (docs/sso.md).
    if (!settings.allow_unsolicited) {
      throw ssoFailure('SSO_UNSOLICITED', 'IdP-initiated (unsolicited) sign-in is off: start at /v1/sso/login, or set security.allow_unsolicited in sso.yaml.', 'unsolicited');
    }
    landing = safeRelayPath(form.get('RelayState') ?? '') ?? DEFAULT_LANDING;
  }
  if (!profile.nameID) throw ssoFailure('SSO_ASSERTION_INVALID', 'The assertion names nobody (no NameID).', 'no_name_id');
  return {
    name_id: profile.nameID,
    name_id_format: profile.nameIDFormat ?? null,
    session_index: profile.sessionIndex ?? null,
    attributes: (profile.attributes as Record<string, unknown> | undefined) ?? {},
    landing,
  };
}

interface Confirmation {
  method: string | null;
  recipient: string | null;
  inResponseTo: string | null;
  notBefore: number | null;
  notOnOrAfter: number | null;
}

/** The parts of the *signed* assertion (node-saml's verified copy) this module checks. */
function signedParts(profile: Profile): { id: string | null; issuer: string | null; confirmations: Confirmation[]; conditionsNotOnOrAfter: number | null } {
  type X = Record<string, any>;
  const assertion = (profile.getAssertion?.() as X | undefined)?.Assertion as X | undefined;
  if (!assertion) throw ssoFailure('SSO_ASSERTION_INVALID', 'The signed assertion cannot be read.', 'unreadable');
  const text = (node: unknown): string | null => {
    const value = typeof node === 'string' ? node : (node as X | undefined)?._;
    return typeof value === 'string' ? value : null;
  };
  const time = (value: unknown): number | null => {
    if (typeof value !== 'string') return null;
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  };
  const confirmations: Confirmation[] = ((assertion.Subject?.[0]?.SubjectConfirmation ?? []) as X[]).map((c) => {
    const data = (c.SubjectConfirmationData?.[0]?.$ ?? {}) as X;
    return {
      method: c.$?.Method ?? null,
      recipient: data.Recipient ?? null,
      inResponseTo: data.InResponseTo ?? null,
      notBefore: time(data.NotBefore),
      notOnOrAfter: time(data.NotOnOrAfter),
    };
  });
  return {
    id: assertion.$?.ID ?? null,
    issuer: text(assertion.Issuer?.[0]),
    confirmations,
    conditionsNotOnOrAfter: time(assertion.Conditions?.[0]?.$?.NotOnOrAfter),
  };
}

/** Destination and InResponseTo of the (possibly unsigned) Response element: checked against the signed assertion. */
function responseAttributes(xml: string): { destination: string | null; inResponseTo: string | null } {
  let root: Element | null;
  try {
    root = parseXmlDocument(xml).documentElement;
  } catch {
    throw ssoFailure('SSO_RESPONSE_MALFORMED', 'The SAMLResponse is not well-formed XML.', 'malformed');
  }
  if (!root || root.localName !== 'Response' || root.namespaceURI !== 'urn:oasis:names:tc:SAML:2.0:protocol') {
    throw ssoFailure('SSO_RESPONSE_MALFORMED', 'The SAMLResponse is not a samlp:Response.', 'not_a_response');
  }
  return { destination: root.getAttribute('Destination') || null, inResponseTo: root.getAttribute('InResponseTo') || null };
}

/** Assertion ids are unique per IdP; the key is fixed-length whatever the two hold. */
function assertionKey(entityId: string, id: string): string {
  return createHash('sha256').update(JSON.stringify([entityId, id])).digest('hex');
}
