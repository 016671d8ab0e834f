// The identity provider's SAML metadata: its entity id, where to send people to sign in and
// out (HTTP-Redirect binding), and the certificates its assertions are signed with. Read from a
// file or a URL named in config/sso.yaml; nothing else in the document is trusted or used.

import type { Document, Element } from '@xmldom/xmldom';
import { parseXmlDocument } from './xml-document.ts';

export interface IdpMetadata {
  readonly entity_id: string;
  readonly sso_url: string;
  /** Single logout (HTTP-Redirect); null when the IdP offers none. */
  readonly slo_url: string | null;
  /** Base64 DER X.509 certificates of the signing keys (more than one during a key rollover). */
  readonly signing_certs: readonly string[];
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const MAX_METADATA_BYTES = 1024 * 1024;

/** Throws an Error saying what is missing or wrong. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  if (Buffer.byteLength(xml) > MAX_METADATA_BYTES) throw new Error(`the metadata is larger than ${MAX_METADATA_BYTES} bytes`);
  // A DTD buys nothing in metadata and is how entity-expansion attacks start.
  if (/<!DOCTYPE/i.test(xml)) throw new Error('the metadata has a DOCTYPE, which is refused');
  let doc: Document;
  try {
    doc = parseXmlDocument(xml);
  } catch (error) {
    throw new Error(`the metadata is not well-formed XML: ${(error as Error).message.split('\n')[0]}`);
  }
  const entity = doc.documentElement as Element | null;
  if (!entity || entity.localName !== 'EntityDescriptor' || entity.namespaceURI !== MD) throw new Error('the metadata has no EntityDescriptor root element');
  const entityId = entity.getAttribute('entityID');
  if (!entityId) throw new Error('the EntityDescriptor has no entityID');
  const idp = children(entity, MD, 'IDPSSODescriptor')[0];
  if (!idp) throw new Error('the metadata has no IDPSSODescriptor');
  const location = (service: string): string | null => {
    const nodes = children(idp, MD, service);
    const redirect = nodes.find((node) => node.getAttribute('Binding') === REDIRECT_BINDING);
    const value = redirect?.getAttribute('Location');
    if (!value) return null;
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${service} Location ${value} is not an http(s) URL`);
    return url.href;
  };
  const ssoUrl = location('SingleSignOnService');
  if (!ssoUrl) throw new Error('the IDPSSODescriptor has no SingleSignOnService with the HTTP-Redirect binding');
  const certs = children(idp, MD, 'KeyDescriptor')
    .filter((key) => !key.getAttribute('use') || key.getAttribute('use') === 'signing')
    .flatMap((key) => [...key.getElementsByTagNameNS(DSIG, 'X509Certificate')])
    .map((node) => (node.textContent ?? '').replace(/\s+/g, ''))
    .filter((text) => text.length > 0);
  if (certs.length === 0) throw new Error('the IDPSSODescriptor has no signing certificate (KeyDescriptor/X509Certificate)');
  for (const cert of certs) if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cert)) throw new Error('an X509Certificate is not base64');
  return Object.freeze({ entity_id: entityId, sso_url: ssoUrl, slo_url: location('SingleLogoutService'), signing_certs: Object.freeze([...new Set(certs)]) });
}

function children(parent: Element, ns: string, name: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name && (node as Element).namespaceURI === ns) out.push(node as Element);
  }
  return out;
}
