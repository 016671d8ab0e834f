// Every pattern the gateway ships runs in time linear in its input. No timing here: the proof is
// the engine (re2js has no backtracking), this lint that every shipped pattern is on it (and off
// lookbehind, its slower path), and adversarial texts that would take the old backtracking
// patterns minutes to hours: a 1 MiB `a%a%...` alone runs the old email pattern for hours.
// The rewrites must flag exactly what the old patterns flagged: a property test compares them.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadPolicyBundleSync } from '../../../src/policy/index.ts';
import { DEFAULT_VALUE_PATTERNS } from '../../../src/ledger/pii-detector.ts';
import { INJECTION_MARKERS } from '../../../src/governance/prompt-injection.ts';
import { isLinearPattern, type LinearPattern } from '../../../src/linear-regex/index.ts';
import { SAMPLE_BUNDLE_DIR } from '../policy/temp-bundle.ts';
import { ADVERSARIAL_UNITS, OLD_PII_DEFAULTS, OLD_SENSITIVE_DATA, adversarialText } from '../../fixtures/backtracking-patterns.ts';

const bundle = loadPolicyBundleSync(SAMPLE_BUNDLE_DIR);
const EMAIL_AND_PHONE = DEFAULT_VALUE_PATTERNS.filter(isLinearPattern);
const SHIPPED: Array<[string, LinearPattern]> = [
  ...bundle.sensitive_data.map((p): [string, LinearPattern] => [`sensitive-data ${p.id}`, p.pattern]),
  ...EMAIL_AND_PHONE.map((p, i): [string, LinearPattern] => [`ledger PII default ${i}`, p]),
  ...INJECTION_MARKERS.map((m): [string, LinearPattern] => [`injection marker "${m.id}"`, m.pattern]),
];

describe('shipped patterns are linear-time', () => {
  test('every one is compiled by the linear-time engine, none on its slower lookbehind path', () => {
    assert.equal(EMAIL_AND_PHONE.length, 2, 'the ledger defaults: email and phone (the card matcher wraps a linear pattern)');
    for (const [name, pattern] of SHIPPED) {
      assert.ok(isLinearPattern(pattern), `${name} is not a linear pattern`);
      assert.equal(pattern.usesLookbehind, false, `${name} uses lookbehind`);
    }
  });

  for (const [unitName, unit] of Object.entries(ADVERSARIAL_UNITS)) {
    test(`1 MiB of ${unitName} matches no shipped pattern`, () => {
      const text = adversarialText(unit, 1024 * 1024);
      for (const [name, pattern] of SHIPPED) assert.equal(pattern.test(text), false, `${name} matched ${unitName}`);
      for (const matcher of DEFAULT_VALUE_PATTERNS) assert.equal(matcher.test(text), false);
    });
  }
});

// Characters the patterns care about, so random strings come close to matching often.
const ALPHABET = [...'aAzZ0145679@.-_+%() ,:/\nxobsk-eyJIKAS'].concat(['ghp_', 'xoxb-', 'sk-', 'eyJ', 'DE89', 'AKIA', '-----BEGIN ', 'PRIVATE KEY-----', '415', '555', '0123', '4111']);
const nearText = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((parts) => parts.join(''));

describe('the linear rewrites flag exactly what the old patterns flagged', () => {
  for (const pattern of bundle.sensitive_data) {
    test(`sensitive-data ${pattern.id}`, () => {
      const old = OLD_SENSITIVE_DATA[pattern.id];
      assert.ok(old, `no old pattern for ${pattern.id}`);
      fc.assert(fc.property(nearText, (text) => pattern.pattern.test(text) === old.test(text)), { numRuns: 3000 });
    });
  }
  test('ledger PII defaults (email, phone)', () => {
    EMAIL_AND_PHONE.forEach((pattern, index) => {
      fc.assert(fc.property(nearText, (text) => pattern.test(text) === OLD_PII_DEFAULTS[index].test(text)), { numRuns: 3000 });
    });
  });
  test('injection markers (same source, case-insensitive)', () => {
    const words = fc.array(fc.constantFrom('ignore', 'all', 'the', 'previous', 'instructions', 'you', 'are', 'now', 'system', 'prompt', ':', ' ', '  ', '\t', 'new', 'forget', 'your', 'rules', 'do', 'anything', '<|im_start|>', 'IGNORE', 'Prior'), { maxLength: 12 }).map((w) => w.join(' '));
    for (const marker of INJECTION_MARKERS) {
      const old = new RegExp(marker.pattern.source, 'i');
      fc.assert(fc.property(words, (text) => marker.pattern.test(text) === old.test(text)), { numRuns: 500 });
    }
  });
});

describe('redaction masks the value, not the boundary a pattern consumes', () => {
  const email = bundle.sensitive_data.find((p) => p.id === 'email')!.pattern;
  test('neighbours sharing one separator are both masked', () => {
    assert.deepEqual(email.replaceAll('to a@x.io,b@y.io and c@z.org.', '[r]'), { text: 'to [r],[r] and [r].', count: 3 });
  });
});
