// redact: true masks sensitive data in results: secrets always, personal data unless the tool
// declares allows_pii; keys are never touched and a clean value comes back unchanged.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import path from 'node:path';
import { loadPolicyBundle } from '../../../src/policy/index.ts';
import { maskText, redactValue, redactionPatterns } from '../../../src/proxy/redaction.ts';

const bundle = await loadPolicyBundle(path.resolve(import.meta.dirname, '../../../policies'));
const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz123';

describe('redaction', () => {
  test('secrets are masked wherever they sit; the path and pattern of each are reported', () => {
    const patterns = redactionPatterns(bundle, 'support-agent-1', 'search_kb');
    const { value, hits } = redactValue({ a: [`use ${KEY} now`], n: 1, nested: { k: 'AKIAABCDEFGHIJKLMNOP' } }, patterns, 'output');
    assert.deepEqual(value, { a: ['use [redacted:openai-api-key] now'], n: 1, nested: { k: '[redacted:aws-access-key-id]' } });
    assert.deepEqual(hits, [{ path: 'output.a[0]', pattern: 'openai-api-key' }, { path: 'output.nested.k', pattern: 'aws-access-key-id' }]);
  });

  test('personal data is masked for a tool that does not allow it, kept for one that does', () => {
    const record = { contact: 'jo@example.com', key: KEY };
    const forSearch = redactValue(record, redactionPatterns(bundle, 'support-agent-1', 'search_kb')).value;
    assert.deepEqual(forSearch, { contact: '[redacted:email]', key: '[redacted:openai-api-key]' });
    const forCrm = redactValue(record, redactionPatterns(bundle, 'support-agent-1', 'crm_lookup')).value;
    assert.deepEqual(forCrm, { contact: 'jo@example.com', key: '[redacted:openai-api-key]' });
  });

  test('every occurrence in one string is masked, and keys are never touched', () => {
    const patterns = redactionPatterns(bundle, 'support-agent-1', 'search_kb');
    assert.equal(maskText(`${KEY} and ${KEY}`, patterns).text, '[redacted:openai-api-key] and [redacted:openai-api-key]');
    assert.deepEqual(redactValue({ [KEY]: 'x' }, patterns).value, { [KEY]: 'x' });
  });

  test('property: a value with nothing sensitive comes back deep-equal with no hits', () => {
    const patterns = redactionPatterns(bundle, 'support-agent-1', 'search_kb');
    const safe = fc.stringMatching(/^[a-z ]{0,20}$/);
    fc.assert(fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), fc.oneof(safe, fc.array(safe, { maxLength: 3 }), fc.boolean())), (value) => {
      const out = redactValue(value, patterns);
      assert.deepEqual(out.value, value);
      return out.hits.length === 0;
    }));
  });
});
