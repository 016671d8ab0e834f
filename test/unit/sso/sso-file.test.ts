// config/sso.yaml and IdP metadata: strict, every problem with file:line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigFileError } from '../../../src/config/index.ts';
import { parseIdpMetadata, parseSsoFile, type SsoFileContext } from '../../../src/sso/index.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sso-file-'));
const context: SsoFileContext = { configDir: dir, maxTier: 'enterprise', production: false, sessionSecretSet: true };
const CERT = 'MIIBszCCAVmgAwIBAgIU';
const metadata = (extra = '') => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example/">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="encryption"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>ENCRYPTIONONLY</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      ${CERT}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/>
    ${extra}
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

function issues(text: string, ctx = context) {
  try {
    parseSsoFile(text, 'config/sso.yaml', ctx);
  } catch (error) {
    assert.ok(error instanceof ConfigFileError);
    return error.issues;
  }
  assert.fail('expected a ConfigFileError');
}

test('IdP metadata: entity id, redirect sign-on URL, signing certificates only, optional SLO', () => {
  const parsed = parseIdpMetadata(metadata());
  assert.deepEqual(parsed, { entity_id: 'https://idp.example/', sso_url: 'https://idp.example/sso', slo_url: null, signing_certs: [CERT] });
  const withSlo = parseIdpMetadata(metadata('<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/slo"/>'));
  assert.equal(withSlo.slo_url, 'https://idp.example/slo');
  assert.throws(() => parseIdpMetadata('<x'), /not well-formed/);
  assert.throws(() => parseIdpMetadata('<!DOCTYPE x [<!ENTITY a "b">]><x/>'), /DOCTYPE/);
  assert.throws(() => parseIdpMetadata(metadata().replace(/<md:KeyDescriptor use="signing">[\s\S]*?<\/md:KeyDescriptor>/, '')), /no signing certificate/);
  assert.throws(() => parseIdpMetadata(metadata().replace('HTTP-Redirect', 'SOAP')), /HTTP-Redirect/);
});

test('a full file with metadata_file parses; defaults fill the rest', () => {
  writeFileSync(path.join(dir, 'idp.xml'), metadata());
  const settings = parseSsoFile('base_url: https://gw.example\nidp:\n  metadata_file: idp.xml\nmapping:\n  role_attribute: groups\n  roles:\n    admins: [admin]\n', 'config/sso.yaml', context);
  assert.equal(settings.sp_entity_id, 'https://gw.example/v1/sso/metadata');
  assert.equal(settings.idp.metadata!.sso_url, 'https://idp.example/sso');
  assert.equal(settings.clock_skew_seconds, 60);
  assert.equal(settings.allow_unsolicited, false);
  assert.equal(settings.session_tier, 'enterprise');
  assert.deepEqual(settings.mapping.roles, { admins: ['admin'] });
  assert.equal(parseSsoFile('enabled: false\n', 'config/sso.yaml', context).enabled, false);
});

test('each mistake names its line and field', () => {
  const found = issues([
    'base_url: https://gw.example/path', // 1
    'idp:', // 2
    '  metadata_url: ftp://idp.example/md', // 3
    'security:', // 4
    '  clock_skew_seconds: 9000', // 5
    '  alow_unsolicited: true', // 6
    'session:', // 7
    '  tier: platinum', // 8
    'mapping:', // 9
    '  role_attribute: groups', // 10
    '  roles:', // 11
    '    admins: [root]', // 12
  ].join('\n'));
  const at = Object.fromEntries(found.map((issue) => [issue.path, issue.line]));
  assert.deepEqual(at, {
    base_url: 1, 'idp.metadata_url': 3, 'security.clock_skew_seconds': 5, 'security.alow_unsolicited': 6, 'session.tier': 8, 'mapping.roles.admins[0]': 12,
  });
});

test('tier at most the deployment\'s; https and SESSION_SECRET in production; exactly one metadata source', () => {
  assert.equal(issues('base_url: https://gw.example\nidp:\n  metadata_url: https://idp.example/md\nsession:\n  tier: enterprise\n', { ...context, maxTier: 'team' })[0].path, 'session.tier');
  const prod = issues('base_url: http://gw.example\nidp:\n  metadata_url: https://idp.example/md\n', { ...context, production: true, sessionSecretSet: false });
  assert.ok(prod.some((issue) => /SESSION_SECRET/.test(issue.message)));
  assert.ok(prod.some((issue) => issue.path === 'base_url' && /https/.test(issue.message)));
  assert.equal(issues('base_url: https://gw.example\nidp: {}\n')[0].path, 'idp');
  assert.match(issues('base_url: https://gw.example\nidp:\n  metadata_file: missing.xml\n')[0].message, /cannot be used/);
});
