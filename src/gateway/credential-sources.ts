// In production with auth on, a gateway that has nothing to check credentials against answers
// 401 to every caller: it looks up but governs nothing. It refuses to start instead, saying
// what to set. Outside production (tests, development) it starts, so keys can be added later.
// A sidecar (AGENT_ID set) is exempt: its governed routes serve its agent without credentials,
// and its own /v1 API staying closed (401) is the safe default beside an agent.

import { ConfigError, type Config } from '../config/index.ts';
import type { KeyStore } from '../auth/index.ts';

export async function requireCredentialSource(config: Config, keys: KeyStore | undefined): Promise<void> {
  if (!config.authEnabled || config.serviceEnv !== 'production' || config.agentId !== null) return;
  if (config.jwt.secret || config.jwt.jwksUrl) return;
  const live = keys ? (await keys.list()).filter((key) => key.revoked_at === null) : [];
  if (live.length > 0) return;
  throw new ConfigError([
    `AUTH_ENABLED: auth is on (SERVICE_ENV=production) but nothing can authenticate a caller: set JWT_SECRET or JWT_JWKS_URL, `
      + `or create an API key first (govgate keys create --tier developer|team|enterprise, stored in KEYS_PATH=${config.keysPath}), `
      + 'or set AUTH_ENABLED=false only behind a trusted network boundary',
  ]);
}
