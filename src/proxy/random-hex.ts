// Random hex for ids minted on every proxied call (traceparent trace and span ids), drawn from a
// block of CSPRNG bytes: one randomBytes call serves ~170 calls instead of one each (each call
// costs OpenSSL's lock and fork check, a getpid syscall). Same bytes, same secrecy: every pooled
// byte is handed out once.

import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` fresh random bytes as lowercase hex (2 x bytes characters). */
export function randomHex(bytes: number): string {
  if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > POOL_BYTES) throw new RangeError(`randomHex: bytes must be 1..${POOL_BYTES}, got ${bytes}`);
  if (offset + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}
