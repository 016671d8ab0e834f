// The listening address a gateway picks without HOST: it follows the variant, not SERVICE_ENV
// (a laptop gateway stays on loopback even in production; a sidecar must be reachable in its pod),
// and `govgate serve --help` says so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMANDS } from '../../../src/cli/command-help.ts';
import { load } from './load-config.ts';

for (const serviceEnv of ['development', 'production']) {
  for (const [variant, host] of [['embedded', '127.0.0.1'], ['edge', '0.0.0.0']] as const) {
    test(`SERVICE_ENV=${serviceEnv}, GATEWAY_VARIANT=${variant}: listens on ${host} without HOST`, () => {
      assert.equal(load({ SERVICE_ENV: serviceEnv, AUTH_ENABLED: 'false', GATEWAY_VARIANT: variant }).host, host);
    });
  }
}

test('govgate serve --help states the HOST defaults loadConfig applies', () => {
  const line = COMMANDS.serve!.text.split('\n').find((l) => l.trimStart().startsWith('--host'));
  assert.ok(line, 'serve --help documents --host');
  for (const variant of ['embedded', 'edge'] as const) {
    const host = load({ GATEWAY_VARIANT: variant, SERVICE_ENV: 'production', AUTH_ENABLED: 'false' }).host;
    assert.match(line, new RegExp(`${variant} ${host.replaceAll('.', '\\.')}`), `--host names the ${variant} default`);
  }
  assert.doesNotMatch(line, /in production/, 'the default does not depend on SERVICE_ENV');
});
