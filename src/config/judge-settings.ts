// The LLM judge's and the certificate signer's settings, from the environment. The judge is off
// unless JUDGE_URL and JUDGE_MODEL are both set; its API key comes from JUDGE_API_KEY or a mounted
// secret file (JUDGE_API_KEY_FILE), never from a config file that might be committed.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { integer } from './env-values.ts';

export const JUDGE_RESPONSE_FORMATS = ['json_schema', 'json_object'] as const;
export type JudgeResponseFormat = (typeof JUDGE_RESPONSE_FORMATS)[number];

export interface JudgeConfig {
  /** Base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:11434/v1 (Ollama); /chat/completions is appended. */
  readonly url: string;
  readonly model: string;
  readonly apiKey: string | null;
  /** JUDGE_TIMEOUT_MS: one HTTP call to the judge (asynchronous judging). */
  readonly timeoutMs: number;
  /** JUDGE_SYNC_BUDGET_MS: the whole synchronous judgement (both attempts) for high and critical risk. */
  readonly syncBudgetMs: number;
  /** JUDGE_CONCURRENCY: asynchronous judgements under way at once in this process. */
  readonly concurrency: number;
  /** JUDGE_RESPONSE_FORMAT: json_schema (strict structured output) or json_object (older servers). */
  readonly responseFormat: JudgeResponseFormat;
  /** JUDGE_POLL_MS: how often the worker looks for queued jobs another process added. */
  readonly pollMs: number;
}

/** A JWS signing key with its retired public keys (certificates, compliance reports). */
export interface SigningKeysConfig {
  /** <PREFIX>_KEY_FILE: a PEM (PKCS#8) or private JWK; the newest signing key. */
  readonly keyFile: string | null;
  /** <PREFIX>_KEY: the same, inline. */
  readonly key: string | null;
  /** <PREFIX>_OLD_KEYS_FILE: a JWKS (public keys) of retired signing keys, still published for verification. */
  readonly oldKeysFile: string | null;
  /** Where a generated key is kept when no key is given; null: one key per process (':memory:' ledger). */
  readonly generatedKeyPath: string | null;
}

/** Certificates of agent certification (docs/certification.md). */
export interface CertifyConfig extends SigningKeysConfig {
  /** CERTIFY_ISSUER: the `iss` of certificates. */
  readonly issuer: string;
}


export function judgeConfig(env: NodeJS.ProcessEnv, cwd: string, issues: string[]): JudgeConfig | null {
  const url = env.JUDGE_URL?.trim() || null;
  const model = env.JUDGE_MODEL?.trim() || null;
  if (url === null && model === null) return null;
  if (url === null || model === null) {
    issues.push(`${url === null ? 'JUDGE_URL' : 'JUDGE_MODEL'}: required when ${url === null ? 'JUDGE_MODEL' : 'JUDGE_URL'} is set (the judge needs both)`);
    return null;
  }
  // Messages name the URL without its user name and password, and never echo what cannot be
  // parsed: either may be a secret, and start-up errors go to logs.
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    issues.push('JUDGE_URL: not a URL (an http:// or https:// base URL, e.g. https://api.openai.com/v1)');
  }
  if (parsed && (parsed.username || parsed.password)) {
    // Requests carry no userinfo (src/http/lazy-undici.ts): a judge expecting it would refuse every call.
    issues.push(`JUDGE_URL: "${withoutUserinfo(parsed)}" must not hold a user name or password: they are not sent to the judge. `
      + 'Remove them from the URL and give the judge\'s credential as JUDGE_API_KEY or JUDGE_API_KEY_FILE (sent as Authorization: Bearer)');
  } else if (parsed && parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    issues.push(`JUDGE_URL: "${url}" must be an http:// or https:// URL`);
  }
  const keyFile = env.JUDGE_API_KEY_FILE?.trim() || null;
  let apiKey = env.JUDGE_API_KEY?.trim() || null;
  if (apiKey !== null && keyFile !== null) issues.push('JUDGE_API_KEY and JUDGE_API_KEY_FILE: set one of them, not both');
  else if (keyFile !== null) {
    try {
      apiKey = readFileSync(path.resolve(cwd, keyFile), 'utf8').trim() || null;
    } catch (error) {
      issues.push(`JUDGE_API_KEY_FILE: cannot be read (${(error as Error).message})`);
    }
  }
  const format = env.JUDGE_RESPONSE_FORMAT?.trim() || 'json_schema';
  if (!(JUDGE_RESPONSE_FORMATS as readonly string[]).includes(format)) {
    issues.push(`JUDGE_RESPONSE_FORMAT: "${format}" is not one of ${JUDGE_RESPONSE_FORMATS.join(', ')}`);
  }
  return Object.freeze({
    url: url.replace(/\/+$/, ''),
    model,
    apiKey,
    timeoutMs: integer(env.JUDGE_TIMEOUT_MS, 'JUDGE_TIMEOUT_MS', 30_000, 100, 600_000, issues),
    syncBudgetMs: integer(env.JUDGE_SYNC_BUDGET_MS, 'JUDGE_SYNC_BUDGET_MS', 3000, 50, 120_000, issues),
    concurrency: integer(env.JUDGE_CONCURRENCY, 'JUDGE_CONCURRENCY', 2, 1, 64, issues),
    responseFormat: format as JudgeResponseFormat,
    pollMs: integer(env.JUDGE_POLL_MS, 'JUDGE_POLL_MS', 2000, 10, 600_000, issues),
  });
}

function withoutUserinfo(url: URL): string {
  const shown = new URL(url);
  shown.username = '';
  shown.password = '';
  return shown.toString().replace(/\/+$/, '');
}

export function certifyConfig(env: NodeJS.ProcessEnv, cwd: string, issues: string[]): CertifyConfig {
  return Object.freeze({
    ...signingKeysConfig(env, cwd, 'CERTIFY', 'certify-key.jwk', issues),
    issuer: env.CERTIFY_ISSUER?.trim() || 'governance-gateway',
  });
}

/**
 * <prefix>_KEY or <prefix>_KEY_FILE, <prefix>_OLD_KEYS_FILE; without a key, one generated once
 * into `generatedName` beside the ledger file.
 */
export function signingKeysConfig(env: NodeJS.ProcessEnv, cwd: string, prefix: string, generatedName: string, issues: string[]): SigningKeysConfig {
  const key = env[`${prefix}_KEY`]?.trim() || null;
  const keyFileSetting = env[`${prefix}_KEY_FILE`]?.trim();
  const keyFile = keyFileSetting ? path.resolve(cwd, keyFileSetting) : null;
  if (key !== null && keyFile !== null) issues.push(`${prefix}_KEY and ${prefix}_KEY_FILE: set one of them, not both`);
  const oldKeysSetting = env[`${prefix}_OLD_KEYS_FILE`]?.trim();
  const oldKeysFile = oldKeysSetting ? path.resolve(cwd, oldKeysSetting) : null;
  const ledger = env.LEDGER_PATH ?? './data/ledger.db';
  return {
    key,
    keyFile,
    oldKeysFile,
    generatedKeyPath: ledger === ':memory:' ? null : path.join(path.dirname(path.resolve(cwd, ledger)), generatedName),
  };
}
