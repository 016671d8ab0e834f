// XML for SAML (IdP metadata, SAML responses) through @xmldom/xmldom, loaded on first use: only a
// gateway with SAML sign-on reads XML, and loading the parser with the gateway cost every start
// its module's evaluation (~20 ms) and 120 KB more of the bundle to compile. Synchronous, so it is
// required (the package is CommonJS), not imported: config/sso.yaml is parsed synchronously.

import { createRequire } from 'node:module';
import type { Document } from '@xmldom/xmldom';

type XmlDom = typeof import('@xmldom/xmldom');
let xmlDom: XmlDom | undefined;

/** The parsed document; throws an Error with the parser's message on anything but a warning. */
export function parseXmlDocument(xml: string): Document {
  xmlDom ??= createRequire(import.meta.url)('@xmldom/xmldom') as XmlDom;
  return new xmlDom.DOMParser({ onError: (level, message) => { if (level !== 'warning') throw new Error(message); } })
    .parseFromString(xml, 'text/xml');
}
