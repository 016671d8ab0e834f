// The XML parser SAML needs is loaded when XML is first read, not with the gateway: a gateway
// without SAML sign-on never loads it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

test('loading the gateway does not load @xmldom/xmldom; reading IdP metadata does, and still refuses bad XML', () => {
  const src = (file: string) => JSON.stringify(new URL(`../../../src/${file}`, import.meta.url).href);
  const script = `
    import { createRequire } from 'node:module';
    const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('@xmldom'));
    await import(${src('gateway/start-gateway.ts')});
    const { parseIdpMetadata } = await import(${src('sso/index.ts')});
    const atStart = loaded();
    let refused = '';
    try { parseIdpMetadata('<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"'); } catch (error) { refused = error.message; }
    console.log(JSON.stringify({ atStart, afterParse: loaded(), refused }));`;
  const result = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  assert.equal(result.atStart, false);
  assert.equal(result.afterParse, true);
  assert.match(result.refused, /^the metadata is not well-formed XML: /);
});
