// rate_limits.yaml: the sample file carries the spec's numbers, overrides resolve with a
// documented precedence, and every mistake is rejected with its line, column and field.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigFileError } from '../../../src/config/index.ts';
import { DEFAULT_RATE_LIMITS, agentLimit, parseRateLimitFile, thresholdOf } from '../../../src/ratelimit/index.ts';

const SAMPLE = path.resolve(import.meta.dirname, '../../../config/rate_limits.yaml');

function issuesOf(text: string): string[] {
  try {
    parseRateLimitFile(text, 'rl.yaml');
  } catch (error) {
    assert.ok(error instanceof ConfigFileError);
    return error.issues.map((i) => `${i.line}:${i.column} ${i.path}: ${i.message}`);
  }
  assert.fail('expected the file to be rejected');
}

describe('the sample config/rate_limits.yaml', () => {
  const settings = parseRateLimitFile(readFileSync(SAMPLE, 'utf8'), 'config/rate_limits.yaml');
  test('default 60 + 10 burst = 70 per 60 s; auth 20 per client IP', () => {
    assert.equal(settings.window_seconds, 60);
    assert.deepEqual(settings.default, { requests_per_minute: 60, burst: 10 });
    assert.equal(thresholdOf(settings.default), 70);
    assert.equal(thresholdOf(settings.auth_per_client_ip), 20);
  });
  test('the payment-agent override: rate 30 + burst 5 = 35', () => {
    for (const agent of ['payments-agent-1', 'payments-agent.eu.2']) {
      assert.equal(thresholdOf(agentLimit(settings, agent).limit), 35, agent);
    }
    assert.equal(thresholdOf(agentLimit(settings, 'support-agent-1').limit), 70);
  });
});

describe('parseRateLimitFile', () => {
  test('an empty file means the defaults', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(parseRateLimitFile('', 'rl.yaml'))), JSON.parse(JSON.stringify(DEFAULT_RATE_LIMITS)));
    assert.equal(thresholdOf(parseRateLimitFile('# nothing\n', 'rl.yaml').default), 70);
  });

  test('precedence: an exact agent id beats every glob; among globs the first in file order wins', () => {
    const settings = parseRateLimitFile([
      'agent_overrides:',
      '  "pay*": {requests_per_minute: 1, burst: 0}',
      '  "payments-*": {requests_per_minute: 2, burst: 0}',
      '  "payments-agent-7": {requests_per_minute: 3, burst: 0}',
      '  "*.eu.*": {requests_per_minute: 4, burst: 0}',
    ].join('\n'), 'rl.yaml');
    const table: Array<[string, number, string]> = [
      ['payments-agent-1', 1, 'pay*'], // both globs match: the first one in the file
      ['payments-agent-7', 3, 'payments-agent-7'], // exact beats the earlier globs
      ['support.eu.1', 4, '*.eu.*'], // `*` matches dots
      ['support-1', 60, 'default'],
    ];
    for (const [agent, rate, source] of table) {
      const resolved = agentLimit(settings, agent);
      assert.equal(resolved.source, source, agent);
      assert.equal(resolved.limit.requests_per_minute, rate, agent);
    }
  });

  const broken: Array<[string, string, string[]]> = [
    ['syntax error', 'default: [1\n', ['2:1 : ']],
    ['not a mapping', '- 1\n', ['1:1 : must be a mapping']],
    ['an unknown top-level key', 'window_seconds: 60\nagent_override: {}\n', ['2:1 agent_override: is not a known key']],
    ['window_seconds 0', 'window_seconds: 0\n', ['1:17 window_seconds: must be an integer from 1 to 86400, got 0']],
    ['a string count', 'default:\n  requests_per_minute: "60"\n  burst: 10\n', ['2:24 default.requests_per_minute: must be an integer']],
    ['a negative burst', 'default:\n  requests_per_minute: 60\n  burst: -1\n', ['3:10 default.burst: must be an integer from 0']],
    ['a missing burst', 'default:\n  requests_per_minute: 60\n', ['2:3 default.burst: is required']],
    ['a misspelt key', 'default:\n  requests_per_minute: 60\n  brust: 10\n', ['3:3 default.brust: is not a known key', '2:3 default.burst: is required']],
    ['a bad glob', 'agent_overrides:\n  "pay[": {requests_per_minute: 1, burst: 1}\n', ['2:3 agent_overrides.pay[: is not a valid glob']],
    ['a glob with a space', 'agent_overrides:\n  "pay *": {requests_per_minute: 1, burst: 1}\n', ['2:3 agent_overrides.pay *: can never match']],
    ['an override that is a number', 'agent_overrides:\n  "pay*": 35\n', ['2:11 agent_overrides.pay*: must be a mapping']],
    ['agent_overrides as a list', 'agent_overrides:\n  - pay*\n', ['2:3 agent_overrides: must be a mapping']],
  ];
  for (const [name, text, expected] of broken) {
    test(`rejects ${name}, naming line and field`, () => {
      const issues = issuesOf(text);
      assert.equal(issues.length, expected.length, issues.join('\n'));
      for (const prefix of expected) assert.ok(issues.some((issue) => issue.startsWith(prefix)), `no issue starting "${prefix}" in:\n${issues.join('\n')}`);
    });
  }
});

test('docs/security.md\'s rate_limits.yaml example means what the sample file means', () => {
  const security = readFileSync(path.resolve(import.meta.dirname, '../../../docs/security.md'), 'utf8');
  const example = security.match(/```yaml\n([\s\S]*?)```/)?.[1];
  assert.ok(example, 'docs/security.md has a yaml example');
  const plain = (text: string) => JSON.parse(JSON.stringify(parseRateLimitFile(text, 'x.yaml')));
  assert.deepEqual(plain(example), plain(readFileSync(SAMPLE, 'utf8')));
});
