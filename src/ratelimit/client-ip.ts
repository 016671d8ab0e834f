// The client address behind /v1/auth/* limits. X-Forwarded-For is believed only when the socket
// peer is a configured trusted proxy, and then read from the right: the first hop that is not a
// trusted proxy is the client. Anyone can write X-Forwarded-For, so trusting it blindly would
// let a caller pick a fresh bucket per request.

import net from 'node:net';

export type TrustedProxies = (address: string) => boolean;

/** Entries are IP addresses or CIDRs (already validated by the config loader). */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  if (entries.length === 0) return () => false;
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

export function clientIp(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  const remote = normalize(peer ?? '') || 'unknown';
  if (forwardedFor === undefined || !trusted(remote)) return remote;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',').map((hop) => normalize(hop.trim())).filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i--) {
    if (net.isIP(hops[i]) === 0) return remote; // garbage in the chain: believe only the socket
    if (!trusted(hops[i]) || i === 0) return hops[i];
  }
  return remote;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}
