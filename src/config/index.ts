// Start-up configuration: environment variables and CLI flags become one frozen, validated Config.

export { ConfigError, DEFAULT_PORTS, VARIANTS, loadConfig } from './env.ts';
export type { Config, ConfigOverrides, LedgerConfig, Variant } from './env.ts';
