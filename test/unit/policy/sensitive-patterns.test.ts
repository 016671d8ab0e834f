import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadPolicyBundleSync } from '../../../src/policy/index.ts';
import { SAMPLE_BUNDLE_DIR } from './temp-bundle.ts';

const bundle = loadPolicyBundleSync(SAMPLE_BUNDLE_DIR);

// Every shipped pattern, with texts it must flag and look-alikes it must leave alone.
const TABLE: Record<string, { kind: 'pii' | 'secret'; matches: string[]; ignores: string[] }> = {
  email: {
    kind: 'pii',
    matches: ['contact jane.doe@example.com today', 'a+tag@sub.example.co.uk', 'X_Y%z@mail-server.io'],
    ignores: ['jane at example dot com', '@handle on social', 'user@localhost', 'version 1.2@3', 'a@b.c'],
  },
  'phone-international': {
    kind: 'pii',
    matches: ['+14155550123', 'call +44 20 7946 0958', '+49-30-1234567', '+1 (415) 555-0123', '+33.1.23.45.67.89'],
    ignores: ['+123', 'score +12345', 'total 4800.00', '+0 123 456 789', 'a+12345678'],
  },
  'phone-us': {
    kind: 'pii',
    matches: ['(415) 555-0123', 'call 415-555-0123 now', '415.555.0123', '415 555 0123', '1-415-555-0123'],
    ignores: ['4155550123', 'amount 4800.00', '2024-01-15', '123-45-6789', '015-555-0123', 'v1.415.555.01234', '12345'],
  },
  'payment-card': {
    kind: 'pii',
    matches: ['4111111111111111', 'card 4111 1111 1111 1111.', '5500-0000-0000-0004', '378282246310005', '6011 0009 9013 9424', '4222222222222'],
    ignores: ['4800.00', '1700000000000 ms', '411111111111', 'order 12345678', '4111.1111.1111.1111', '41111111111111111111'],
  },
  'us-ssn': {
    kind: 'pii',
    matches: ['ssn 123-45-6789', '123 45 6789', 'SSN:078-05-1120'],
    ignores: ['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000', '123-45 6789', '2024-01-15', '415-555-0123', '123456789'],
  },
  iban: {
    kind: 'pii',
    matches: ['DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432', 'pay to FR1420041010050500013M02606', 'NL91ABNA0417164300'],
    ignores: ['DE89', 'ZZ12 3456 7890 1234', 'de89370400440532013000', 'ORDER12345678', 'US12 3456 7890 1234 5678'],
  },
  'openai-api-key': {
    kind: 'secret',
    matches: ['sk-abcdefghijklmnopqrstuvwxyz012345', 'key=sk-proj-AbC123_def456-GHI789jkl012mno', 'sk-svcacct-0123456789abcdefghij'],
    ignores: ['sk-short', 'task-abcdefghijklmnopqrstuvwxyz', 'desk-abcdefghijklmnopqrstuvwxyz01', 'risk-assessment-for-the-quarter'],
  },
  'aws-access-key-id': {
    kind: 'secret',
    matches: ['AKIAIOSFODNN7EXAMPLE', 'id=ASIAY34FZKBOKMUTVV7A'],
    ignores: ['AKIA123', 'akiaiosfodnn7example', 'XAKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLEX'],
  },
  'github-token': {
    kind: 'secret',
    matches: [`ghp_${'a1B2'.repeat(9)}`, `token gho_${'Z'.repeat(36)}`, `github_pat_11ABCDEFG0123456789_${'x'.repeat(59)}`],
    ignores: ['ghp_short', `ghx_${'a'.repeat(36)}`, `myghp_${'a'.repeat(36)}`],
  },
  'slack-token': {
    kind: 'secret',
    matches: ['xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', 'xoxp-1111-2222-3333-abcd'],
    ignores: ['xoxb-', 'xoxz-1234-5678', 'xoxb-onlyonepart', 'fooxoxb-1234-5678'],
  },
  'private-key': {
    kind: 'secret',
    matches: ['-----BEGIN RSA PRIVATE KEY-----', '-----BEGIN PRIVATE KEY-----\nMIIE', '-----BEGIN OPENSSH PRIVATE KEY-----', '-----BEGIN ENCRYPTED PRIVATE KEY-----', '-----BEGIN PGP PRIVATE KEY BLOCK-----'],
    ignores: ['-----BEGIN PUBLIC KEY-----', '-----BEGIN CERTIFICATE-----', 'BEGIN RSA PRIVATE KEY', 'a private key is secret'],
  },
  jwt: {
    kind: 'secret',
    matches: [
      'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    ],
    ignores: ['eyJhbGciOiJIUzI1NiJ9', 'eyJhbGciOiJIUzI1NiJ9.notjson.sig', 'keyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig'],
  },
};

describe('sensitive-data patterns of the sample bundle', () => {
  test('the bundle ships exactly the patterns this table covers', () => {
    assert.deepEqual(bundle.sensitive_data.map((p) => p.id).sort(), Object.keys(TABLE).sort());
  });

  for (const [id, { kind, matches, ignores }] of Object.entries(TABLE)) {
    describe(id, () => {
      const entry = bundle.sensitive_data.find((p) => p.id === id);
      test(`is a ${kind} pattern without the g or y flag`, () => {
        assert.ok(entry, `pattern ${id} is missing`);
        assert.equal(entry.kind, kind);
        assert.doesNotMatch(entry.pattern.flags, /[gy]/);
      });
      for (const text of matches) {
        test(`flags ${JSON.stringify(text.slice(0, 60))}`, () => {
          assert.ok(entry?.pattern.test(text), `${id} should match ${text}`);
          // Twice: a pattern with state (g/y) would fail the second call.
          assert.ok(entry?.pattern.test(text));
        });
      }
      for (const text of ignores) {
        test(`leaves ${JSON.stringify(text.slice(0, 60))} alone`, () => {
          assert.equal(entry?.pattern.test(text), false, `${id} should not match ${text}`);
        });
      }
    });
  }

  test('ordinary business text trips no pattern', () => {
    const text = 'Invoice INV-20931 for 4800.00 EUR is due on 2024-07-31; ticket TCK-5512 solved, order 1234567.';
    assert.deepEqual(bundle.sensitive_data.filter((p) => p.pattern.test(text)).map((p) => p.id), []);
  });
});
