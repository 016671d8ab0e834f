// SESSION_SECRET / SESSION_SECRET_FILE: the key of single sign-on session cookies.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config/index.ts';
import { issues, load } from './load-config.ts';

const SECRET = 's'.repeat(40);

test('unset: no key (SSO then refuses production, and uses a per-process key elsewhere)', () => {
  assert.equal(load({}).session.secret, null);
});

test('inline or from a file, at least 32 characters, not both', () => {
  assert.equal(load({ SESSION_SECRET: SECRET }).session.secret!.toString(), SECRET);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'session-secret-'));
  writeFileSync(path.join(dir, 'secret'), `${SECRET}\n`);
  assert.equal(loadConfig({ SESSION_SECRET_FILE: path.join(dir, 'secret') }, {}, dir).session.secret!.toString(), SECRET);
  assert.match(issues({ SESSION_SECRET: 'short' })[0], /^SESSION_SECRET: must be at least 32 characters/);
  assert.match(issues({ SESSION_SECRET: SECRET, SESSION_SECRET_FILE: '/x' })[0], /set one of them, not both/);
  assert.match(issues({ SESSION_SECRET_FILE: '/no/such/file' })[0], /^SESSION_SECRET_FILE: cannot read/);
});
