// Which address the /v1/auth/* limit keys on: X-Forwarded-For only from trusted proxies,
// read from the right, so a client cannot pick its own bucket.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientIp, trustedProxies } from '../../../src/ratelimit/index.ts';

const trusted = trustedProxies(['10.0.0.0/8', '192.168.1.5', 'fd00::/8']);

const cases: Array<[string, string, string | undefined, string]> = [
  ['no proxy configured for this peer: XFF ignored', '203.0.113.9', '1.2.3.4', '203.0.113.9'],
  ['IPv4-mapped peer is normalised', '::ffff:203.0.113.9', undefined, '203.0.113.9'],
  ['trusted proxy: the client is the hop before it', '10.1.2.3', '198.51.100.7', '198.51.100.7'],
  ['two trusted hops are skipped from the right', '10.1.2.3', '198.51.100.7, 192.168.1.5', '198.51.100.7'],
  ['a spoofed left-most entry is not believed', '10.1.2.3', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
  ['all hops trusted: the left-most', '10.1.2.3', '10.9.9.9, 192.168.1.5', '10.9.9.9'],
  ['garbage in the chain: only the socket is believed', '10.1.2.3', 'not-an-ip', '10.1.2.3'],
  ['trusted proxy, no XFF: the proxy itself', '10.1.2.3', undefined, '10.1.2.3'],
  ['IPv6 trusted range', 'fd00::1', '2001:db8::5', '2001:db8::5'],
  ['an exact trusted address, not its neighbour', '192.168.1.6', '198.51.100.7', '192.168.1.6'],
];

for (const [name, peer, xff, expected] of cases) {
  test(`clientIp: ${name}`, () => {
    assert.equal(clientIp(peer, xff, trusted), expected);
  });
}

test('clientIp: with no trusted proxies XFF is never read', () => {
  assert.equal(clientIp('127.0.0.1', '1.2.3.4', trustedProxies([])), '127.0.0.1');
});
