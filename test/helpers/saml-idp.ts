// A real SAML 2.0 identity provider for tests, on port 0: it publishes metadata with a
// self-signed certificate generated at test time, reads the gateway's AuthnRequests (HTTP-
// Redirect binding, deflated), and answers with an auto-posting form carrying a SAMLResponse
// whose assertion xml-crypto signs (RSA-SHA256, exclusive c14n) as real IdPs do. Tests also use
// `response()` to craft the attacks (unsigned, other audience, expired, wrapped, ...).

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { TestContext } from 'node:test';
import { SignedXml } from 'xml-crypto';
import { generate } from 'selfsigned';

export interface KeyPair {
  privateKey: string;
  cert: string;
  /** The certificate's base64 DER, as in metadata. */
  certBase64: string;
}

export interface ResponseOptions {
  /** null: unsolicited (no InResponseTo anywhere). */
  inResponseTo: string | null;
  acsUrl: string;
  audience: string;
  /** Default acsUrl; null leaves Destination out. */
  destination?: string | null;
  recipient?: string;
  nameId?: string;
  attributes?: Record<string, string[]>;
  issuer?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** false: no signature at all. */
  sign?: boolean;
  /** Sign with another key (not the one in the metadata). */
  key?: KeyPair;
  assertionId?: string;
}

export interface AuthnRequestSeen {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string | null;
}

export interface PostedForm {
  action: string;
  SAMLResponse: string;
  RelayState: string | null;
}

export interface TestIdp {
  readonly url: string;
  readonly entityId: string;
  readonly metadataUrl: string;
  readonly key: KeyPair;
  /** Who signs in at the next /sso request, and with which attributes. */
  user: { nameId: string; attributes: Record<string, string[]> };
  /** Every AuthnRequest received, newest last. */
  readonly requests: AuthnRequestSeen[];
  /** Every LogoutRequest received (its NameID), newest last. */
  readonly logouts: string[];
  metadataXml(options?: { slo?: boolean }): string;
  /** Follows the gateway's redirect to the IdP and returns the form the IdP would auto-post. */
  signIn(location: string): Promise<PostedForm>;
  /** A signed (or, by options, crafted) samlp:Response, as XML text. */
  response(options: ResponseOptions): string;
}

export async function newKeyPair(commonName = 'test-idp'): Promise<KeyPair> {
  const pems = await generate([{ name: 'commonName', value: commonName }], { keySize: 2048, algorithm: 'sha256' });
  return { privateKey: pems.private, cert: pems.cert, certBase64: pems.cert.replace(/-----[^-]+-----|\s+/g, '') };
}

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function xmlId(): string {
  return `_${randomBytes(16).toString('hex')}`;
}

export function signAssertion(assertionXml: string, key: KeyPair): string {
  const sig = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: "/*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(assertionXml, { location: { reference: "/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
  return sig.getSignedXml();
}

export async function startTestIdp(t: TestContext, options: { slo?: boolean } = {}): Promise<TestIdp> {
  const key = await newKeyPair();
  const requests: AuthnRequestSeen[] = [];
  const logouts: string[] = [];
  let base = '';
  const idp: TestIdp = {
    get url() { return base; },
    get entityId() { return `${base}/idp`; },
    get metadataUrl() { return `${base}/metadata`; },
    key,
    user: { nameId: 'alice@example.com', attributes: { email: ['alice@example.com'], groups: ['gg-reviewers', 'payments'] } },
    requests,
    logouts,
    metadataXml(opts = options) {
      return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${escapeXml(idp.entityId)}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${key.certBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    ${opts.slo === false ? '' : `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/slo"/>`}
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${base}/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
    },
    async signIn(location) {
      const res = await fetch(location, { redirect: 'manual' });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`the IdP answered ${res.status}: ${html}`);
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? null;
      const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      return {
        action: unescape(/action="([^"]+)"/.exec(html)![1]),
        SAMLResponse: field('SAMLResponse')!,
        RelayState: field('RelayState') === null ? null : unescape(field('RelayState')!),
      };
    },
    response(o) {
      const now = Date.now();
      const notBefore = (o.notBefore ?? new Date(now - 30_000)).toISOString();
      const notOnOrAfter = (o.notOnOrAfter ?? new Date(now + 5 * 60_000)).toISOString();
      const issuer = escapeXml(o.issuer ?? idp.entityId);
      const irt = o.inResponseTo === null ? '' : ` InResponseTo="${escapeXml(o.inResponseTo)}"`;
      const attributes = Object.entries(o.attributes ?? idp.user.attributes).map(([name, values]) =>
        `<saml:Attribute Name="${escapeXml(name)}">${values.map((v) => `<saml:AttributeValue>${escapeXml(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`).join('');
      const assertion = `<saml:Assertion xmlns:saml="${SAML}" ID="${o.assertionId ?? xmlId()}" Version="2.0" IssueInstant="${new Date(now).toISOString()}">`
        + `<saml:Issuer>${issuer}</saml:Issuer>`
        + `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeXml(o.nameId ?? idp.user.nameId)}</saml:NameID>`
        + `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${notOnOrAfter}" Recipient="${escapeXml(o.recipient ?? o.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>`
        + `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
        + `<saml:AuthnStatement AuthnInstant="${new Date(now).toISOString()}" SessionIndex="${xmlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`
        + `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`
        + '</saml:Assertion>';
      const signed = o.sign === false ? assertion : signAssertion(assertion, o.key ?? key);
      const destination = o.destination === null ? '' : ` Destination="${escapeXml(o.destination ?? o.acsUrl)}"`;
      return `<samlp:Response xmlns:samlp="${SAMLP}" xmlns:saml="${SAML}" ID="${xmlId()}" Version="2.0" IssueInstant="${new Date(now).toISOString()}"${destination}${irt}>`
        + `<saml:Issuer>${issuer}</saml:Issuer>`
        + `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>`
        + signed
        + '</samlp:Response>';
    },
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadataXml());
      return;
    }
    if (url.pathname === '/slo') {
      const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
      logouts.push(/<saml:NameID[^>]*>([^<]*)</.exec(xml)?.[1] ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('signed out at the IdP');
      return;
    }
    if (url.pathname !== '/sso') {
      res.writeHead(404).end();
      return;
    }
    let xml: string;
    try {
      xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    } catch {
      res.writeHead(400).end('not a deflated AuthnRequest');
      return;
    }
    const request: AuthnRequestSeen = {
      id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
      acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
      issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
      relayState: url.searchParams.get('RelayState'),
    };
    requests.push(request);
    const samlResponse = Buffer.from(idp.response({ inResponseTo: request.id, acsUrl: request.acsUrl, audience: request.issuer })).toString('base64');
    const relay = request.relayState === null ? '' : `<input type="hidden" name="RelayState" value="${escapeXml(request.relayState)}"/>`;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body onload="document.forms[0].submit()">`
      + `<form method="post" action="${escapeXml(request.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"/>${relay}</form></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return idp;
}
