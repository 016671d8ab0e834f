// config/alerts.yaml validation: the shipped file loads; every mistake is reported with its line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigFileError } from '../../../src/config/config-file-error.ts';
import { parseAlertRules } from '../../../src/insight/alerts/index.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');

test('the shipped config/alerts.yaml covers every figure the issue names', () => {
  const rules = parseAlertRules(readFileSync(path.join(REPO, 'config/alerts.yaml'), 'utf8'), 'config/alerts.yaml');
  const figures = new Set(rules.rules.map((r) => r.figure));
  for (const f of ['block_rate', 'review_backlog', 'review_deadline_breaches', 'judge_failure_rate', 'upstream_error_rate', 'outcome_unknown']) assert.ok(figures.has(f as never), f);
  assert.deepEqual(rules.events.map((e) => [e.name, e.enabled]), [['kill_switch_active', true], ['chain_verification_failed', true], ['config_reload_rejected', true]]);
});

test('every problem is reported with file:line and field', () => {
  const text = [
    'rules:',
    '  - name: Bad Name',
    '    figure: nope',
    '    above: 2',
    '    window: 90s',
    '    severity: loud',
    '    colour: red',
    '  - name: ok',
    '    figure: block_rate',
    '    above: 1.5',
    '    window: 5m',
    'events:',
    '  kill_switch_active: off',
    '  meteor: critical',
    'extra: 1',
  ].join('\n');
  try {
    parseAlertRules(text, 'alerts.yaml');
    assert.fail('accepted');
  } catch (error) {
    assert.ok(error instanceof ConfigFileError);
    const found = error.issues.map((i) => `${i.line} ${i.path}`);
    assert.deepEqual(found.sort(), [
      '15 extra', '2 rules[0].name', '3 rules[0].figure', '5 rules[0].window', '6 rules[0].severity', '7 rules[0].colour',
      '10 rules[1].above', '14 events.meteor',
    ].sort());
  }
  const off = parseAlertRules('events:\n  kill_switch_active: off\n', 'alerts.yaml');
  assert.equal(off.events.find((e) => e.name === 'kill_switch_active')!.enabled, false);
  assert.throws(() => parseAlertRules('rules: [1', 'alerts.yaml'), ConfigFileError);
  assert.throws(() => parseAlertRules('rules:\n  - {name: a, figure: block_rate, above: 0.1, window: 5m}\n  - {name: a, figure: block_rate, above: 0.1, window: 5m}\n', 'alerts.yaml'), /already used/);
});
