// loadConfig as the config tests call it (a fixed working directory), and the issues a bad
// environment is refused with.

import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../../src/config/index.ts';

export const CONFIG_CWD = '/srv/gw';

export const load = (env: Record<string, string>) => loadConfig(env, {}, CONFIG_CWD);

/** The issues loadConfig refuses `env` with; fails the test if it accepts it. */
export function issues(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.issues;
  }
  assert.fail('expected a ConfigError');
}
