// Settings of sessions for people signed in by single sign-on (config/sso.yaml). The key that
// signs session cookies and derives CSRF tokens comes from the environment (a secret, never a
// config file that might be committed): SESSION_SECRET, or SESSION_SECRET_FILE (a mounted secret).
// Every replica of a fleet needs the same one. Required in production when SSO is on (checked
// when config/sso.yaml is read); elsewhere a random per-process key stands in.

import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface SessionConfig {
  /** The cookie signing key; null: not set. */
  readonly secret: Buffer | null;
}

const MIN_SECRET_LENGTH = 32;

export function sessionConfig(env: NodeJS.ProcessEnv, cwd: string, issues: string[]): SessionConfig {
  const inline = env.SESSION_SECRET?.trim() || null;
  const file = env.SESSION_SECRET_FILE?.trim() || null;
  if (inline !== null && file !== null) {
    issues.push('SESSION_SECRET and SESSION_SECRET_FILE: set one of them, not both');
    return { secret: null };
  }
  let secret = inline;
  if (file !== null) {
    try {
      secret = readFileSync(path.resolve(cwd, file), 'utf8').trim();
    } catch (error) {
      issues.push(`SESSION_SECRET_FILE: cannot read ${file}: ${(error as Error).message}`);
      return { secret: null };
    }
  }
  if (secret === null) return { secret: null };
  if (secret.length < MIN_SECRET_LENGTH) {
    issues.push(`${file === null ? 'SESSION_SECRET' : 'SESSION_SECRET_FILE'}: must be at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -base64 48)`);
    return { secret: null };
  }
  return { secret: Buffer.from(secret, 'utf8') };
}
