// The judge's settings as start-up reads them: credentials go in JUDGE_API_KEY(_FILE), never in
// JUDGE_URL, whose user name and password the judge client would not send.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issues, load } from './load-config.ts';

const JUDGE = { JUDGE_MODEL: 'llama3.1' };

test('a user name and password in JUDGE_URL stop start-up, naming the variable and where credentials go, never the secret', () => {
  for (const url of ['http://judge-user:judge-url-secret@judge.internal/v1', 'https://judge-url-secret@judge.internal/v1']) {
    const found = issues({ ...JUDGE, JUDGE_URL: url });
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(found[0], /^JUDGE_URL: /);
    assert.match(found[0], /JUDGE_API_KEY or JUDGE_API_KEY_FILE/);
    assert.match(found[0], /judge\.internal\/v1/, 'it says which URL, without its credentials');
    assert.doesNotMatch(found[0], /judge-url-secret/);
  }
});

test('a JUDGE_URL without credentials is taken, the key from JUDGE_API_KEY', () => {
  const config = load({ ...JUDGE, JUDGE_URL: 'https://judge.internal/v1/', JUDGE_API_KEY: 'sk-1' });
  assert.equal(config.judge?.url, 'https://judge.internal/v1');
  assert.equal(config.judge?.apiKey, 'sk-1');
});

test('a JUDGE_URL that is not http(s) is refused without echoing its credentials either', () => {
  const found = issues({ ...JUDGE, JUDGE_URL: 'ftp://judge-user:judge-url-secret@judge.internal/v1' });
  assert.ok(found.some((issue) => issue.startsWith('JUDGE_URL: ')), found.join('\n'));
  assert.doesNotMatch(found.join('\n'), /judge-url-secret/);
});
