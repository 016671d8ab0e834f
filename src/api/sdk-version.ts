// The version guard: with MIN_SDK_VERSION set, a request whose sdk_version is older (semver)
// is refused with 426 naming the minimum. Requests without sdk_version (curl, other clients) pass.

import { ApiError } from '../http/index.ts';

export function requireSdkVersion(minimum: string | null, sent: string | undefined): void {
  if (!minimum || !sent) return;
  if (compareSemver(sent, minimum) < 0) {
    throw new ApiError('SDK_VERSION_TOO_OLD', `sdk_version ${sent} is older than the minimum ${minimum} this gateway accepts; upgrade the client library.`, {
      extensions: { minimum_sdk_version: minimum, sdk_version: sent },
    });
  }
}

/** Compares major.minor.patch, then a pre-release (which sorts before its release). Unparseable counts as 0.0.0. */
export function compareSemver(a: string, b: string): number {
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < 3; i++) if (pa.core[i] !== pb.core[i]) return pa.core[i] < pb.core[i] ? -1 : 1;
  if (pa.pre === pb.pre) return 0;
  if (pa.pre === null) return 1;
  if (pb.pre === null) return -1;
  return comparePreRelease(pa.pre, pb.pre);
}

/**
 * SemVer 2.0.0 §11: dot-separated identifiers compared left to right, numeric ones as numbers
 * (rc.9 before rc.10, which plain text order reverses) and before alphanumeric ones; a shorter
 * list that is a prefix of the other comes first (alpha before alpha.1).
 */
function comparePreRelease(a: string, b: string): number {
  const ia = a.split('.');
  const ib = b.split('.');
  for (let i = 0; i < Math.min(ia.length, ib.length); i++) {
    const x = ia[i];
    const y = ib[i];
    if (x === y) continue;
    const nx = NUMERIC.test(x);
    const ny = NUMERIC.test(y);
    if (nx && ny) return BigInt(x) < BigInt(y) ? -1 : 1;
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return Math.sign(ia.length - ib.length);
}

const NUMERIC = /^\d+$/;

function parse(version: string): { core: number[]; pre: string | null } {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([\w.]+))?/.exec(version.trim());
  if (!match) return { core: [0, 0, 0], pre: null };
  return { core: [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)], pre: match[4] ?? null };
}
