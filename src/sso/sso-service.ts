// Single sign-on at run time: config/sso.yaml (hot-reloaded), the IdP's metadata (a file, or a
// URL fetched at start, on every change of sso.yaml and hourly, keeping the last good copy),
// the shared store, and the cookie key. The routes (src/api/sso-routes.ts) and the auth hook
// (sessions as credentials) both use it.

import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { watchConfigFile, type ReloadStatus, type WatchedConfigFile } from '../config/index.ts';
import { ApiError } from '../http/index.ts';
import type { Tier } from '../auth/entitlements.ts';
import type { Logger } from '../observability/index.ts';
import { DISABLED_SSO, parseSsoFile, type SsoSettings } from './sso-file.ts';
import { MAX_METADATA_BYTES, parseIdpMetadata, type IdpMetadata } from './idp-metadata.ts';
import type { SsoStore } from './sso-store.ts';
import { guardSsoStore } from './guarded-sso-store.ts';
import type { CookieOptions } from './session-cookie.ts';
import { loginCookieOptions, type LoginCookieOptions } from './login-cookie.ts';

export const SSO_FILE = 'sso.yaml';
const METADATA_REFRESH_MS = 60 * 60 * 1000;
const METADATA_TIMEOUT_MS = 10_000;
const PURGE_EVERY_MS = 5 * 60 * 1000;

export interface SsoServiceOptions {
  configDir: string;
  store: SsoStore;
  secret: Buffer | null;
  production: boolean;
  maxTier: Tier;
  logger: Logger;
  now?: () => number;
}

export class SsoService {
  readonly store: SsoStore;
  readonly secret: Buffer;
  readonly cookie: CookieOptions;
  readonly now: () => number;
  readonly #file: WatchedConfigFile<SsoSettings>;
  readonly #logger: Logger;
  #fetched: { url: string; metadata: IdpMetadata } | null = null;
  #fetching: Promise<void> | null = null;
  #fetchError: string | null = null;
  readonly #timers: NodeJS.Timeout[] = [];

  constructor(options: SsoServiceOptions) {
    this.store = guardSsoStore(options.store, (error) => options.logger.warn('SSO store error', { error: error.message }));
    this.#logger = options.logger;
    this.now = options.now ?? Date.now;
    this.cookie = { secure: options.production };
    const context = { configDir: options.configDir, maxTier: options.maxTier, production: options.production, sessionSecretSet: options.secret !== null };
    this.#file = watchConfigFile({
      path: path.join(options.configDir, SSO_FILE),
      display: `config/${SSO_FILE}`,
      parse: (text, display) => parseSsoFile(text, display, context),
      whenMissing: () => DISABLED_SSO,
      logger: options.logger,
      onApply: () => void this.refreshMetadata(),
    });
    if (options.secret === null && this.#file.current().enabled) {
      options.logger.warn('SESSION_SECRET is not set: sessions are signed with a per-process key (they end on restart and do not carry across replicas)', {});
    }
    this.secret = options.secret ?? randomBytes(32);
    void this.refreshMetadata();
    this.#timers.push(setInterval(() => void this.refreshMetadata(), METADATA_REFRESH_MS).unref());
    this.#timers.push(setInterval(() => {
      this.store.purge(this.now()).catch((error: Error) => this.#logger.warn('SSO purge failed', { error: error.message }));
    }, PURGE_EVERY_MS).unref());
  }

  settings(): SsoSettings {
    return this.#file.current();
  }

  /** The settings in force, or 404 SSO_NOT_CONFIGURED. */
  enabledSettings(): SsoSettings {
    const settings = this.settings();
    if (!settings.enabled) throw new ApiError('SSO_NOT_CONFIGURED', `Single sign-on is off: configure it in config/${SSO_FILE} (docs/sso.md).`);
    return settings;
  }

  /** The login cookie follows base_url (hot-reloaded): Secure and required on https. */
  loginCookie(settings: SsoSettings): LoginCookieOptions {
    return loginCookieOptions(settings.base_url, this.cookie);
  }

  reloadStatus(): ReloadStatus {
    return this.#file.status();
  }

  /** The IdP's metadata, waiting for the first fetch; 503 SSO_IDP_UNAVAILABLE while it cannot be had. */
  async idp(settings: SsoSettings): Promise<IdpMetadata> {
    if (settings.idp.metadata) return settings.idp.metadata;
    const url = settings.idp.metadata_url!;
    if (this.#fetched?.url !== url) await this.refreshMetadata();
    if (this.#fetched?.url === url) return this.#fetched.metadata;
    throw new ApiError('SSO_IDP_UNAVAILABLE', `The identity provider's metadata at ${url} cannot be read: ${this.#fetchError ?? 'not fetched yet'}.`, { headers: { 'retry-after': '30' } });
  }

  refreshMetadata(): Promise<void> {
    const url = this.settings().idp.metadata_url;
    if (!url) return Promise.resolve();
    return (this.#fetching ??= this.#fetch(url).finally(() => { this.#fetching = null; }));
  }

  async #fetch(url: string): Promise<void> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS), redirect: 'error' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = await response.text();
      if (Buffer.byteLength(text) > MAX_METADATA_BYTES) throw new Error(`larger than ${MAX_METADATA_BYTES} bytes`);
      this.#fetched = { url, metadata: parseIdpMetadata(text) };
      this.#fetchError = null;
      this.#logger.info('IdP metadata loaded', { url, entity_id: this.#fetched.metadata.entity_id });
    } catch (error) {
      // The last good copy of the same URL stays in force.
      this.#fetchError = (error as Error).message;
      this.#logger.warn('IdP metadata cannot be fetched', { url, error: this.#fetchError });
    }
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#file.close();
    await this.#fetching;
    await this.store.close();
  }
}
