// What an API key looks like: `ggk_` + 43 base64url characters (32 random bytes, 256 bits).
// The prefix makes a leaked key recognisable to secret scanners and tells the gateway, before
// any lookup, whether a token is an API key or a JWT.
//
// Only sha256(key) is stored. A slow password hash (bcrypt, argon2) protects low-entropy
// secrets that people choose; a 256-bit random key cannot be guessed from its hash whatever the
// hash speed, and a fast hash keeps the per-request check to microseconds and lets the store
// find the row by an indexed hash instead of scanning every key.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'ggk_';
const API_KEY_PATTERN = /^ggk_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Syntax only: the prefix and the length. Says nothing about whether the key exists. */
export function isApiKeyFormat(token: string): boolean {
  return API_KEY_PATTERN.test(token);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The last 4 characters, shown in listings so people can tell keys apart without the secret. */
export function keyHint(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}

/** A short public id for listing and revoking (not derived from the key). */
export function newKeyId(): string {
  return `key_${randomBytes(8).toString('hex')}`;
}
