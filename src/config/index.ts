// Start-up configuration: environment variables and CLI flags become one frozen, validated Config.
// Config files (rate_limits.yaml) and directories (the policy bundle) are hot-reloaded with a
// last-good fallback.

export { ConfigError, DEFAULT_PORTS, PG_SSL_SETTINGS, RATE_LIMIT_REDIS_FALLBACKS, VARIANTS, loadConfig } from './env.ts';
export type { CheckpointConfig, Config, ConfigOverrides, JwtConfig, LedgerConfig, PgSslSetting, RateLimitRedisFallback, RetentionConfig, SharedRateLimitConfig, Variant } from './env.ts';
export { ConfigFileError, formatConfigFileIssue } from './config-file-error.ts';
export type { ConfigFileIssue } from './config-file-error.ts';
export { parseLocatedYaml } from './located-yaml.ts';
export type { FieldPath, LocatedYaml } from './located-yaml.ts';
export { CONFIG_RELOAD_CHANNEL, watchConfigFile } from './watch-config-file.ts';
export type { ConfigReloadEvent, ReloadResult, ReloadStatus, WatchConfigFileOptions, WatchedConfigFile } from './watch-config-file.ts';
export { watchConfigDirectory } from './watch-config-directory.ts';
export type { DiskAgreement, WatchConfigDirectoryOptions, WatchedConfigDirectory } from './watch-config-directory.ts';
export { JUDGE_RESPONSE_FORMATS } from './judge-settings.ts';
export type { CertifyConfig, JudgeConfig, JudgeResponseFormat, SigningKeysConfig } from './judge-settings.ts';
export type { SessionConfig } from './session-settings.ts';
export type { ReportsConfig } from './report-settings.ts';
export type { TracingConfig, OtlpProtocol } from './tracing-settings.ts';
