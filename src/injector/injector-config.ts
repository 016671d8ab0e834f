// `govgate injector` settings: flags win over environment variables. Every bad value stops
// start-up with its name and what it accepts (ConfigError), as the gateway's own settings do.

import path from 'node:path';
import { ConfigError } from '../config/index.ts';
import { LOG_LEVELS, type LogLevel } from '../observability/index.ts';

export interface InjectorConfig {
  readonly host: string;
  readonly port: number;
  /** PEM certificate chain and key; both are re-read when they change (cert-manager renewals). */
  readonly tlsCertPath: string;
  readonly tlsKeyPath: string;
  /** The sidecar template rendered by the chart (governance-sidecar.injectorTemplate). */
  readonly templatePath: string;
  readonly selfLabels: Readonly<Record<string, string>>;
  readonly logLevel: LogLevel;
  readonly maxBodyBytes: number;
}

export interface InjectorFlags {
  port?: string;
  host?: string;
  'tls-cert'?: string;
  'tls-key'?: string;
  template?: string;
}

export const INJECTOR_DEFAULTS = {
  port: 8443,
  tlsCertPath: '/tls/tls.crt',
  tlsKeyPath: '/tls/tls.key',
  templatePath: '/etc/governance-injector/sidecar.json',
  selfLabels: 'app.kubernetes.io/name=governance-gateway',
} as const;

// Label keys: an optional DNS-subdomain prefix and a name; values: up to 63 of [A-Za-z0-9_.-].
const LABEL_KEY = /^([a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const LABEL_VALUE = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

export function loadInjectorConfig(env: NodeJS.ProcessEnv, flags: InjectorFlags = {}, cwd = process.cwd()): InjectorConfig {
  const issues: string[] = [];
  const portRaw = flags.port ?? env.INJECTOR_PORT;
  let port: number = INJECTOR_DEFAULTS.port;
  if (portRaw !== undefined && portRaw.trim() !== '') {
    port = Number(portRaw);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) issues.push(`INJECTOR_PORT / --port: "${portRaw}" must be an integer from 0 to 65535`);
  }
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) issues.push(`LOG_LEVEL: "${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  const file = (flag: string | undefined, name: string, fallback: string) => {
    const value = (flag ?? env[name])?.trim() || fallback;
    return path.resolve(cwd, value);
  };
  const config: InjectorConfig = {
    host: flags.host ?? env.INJECTOR_HOST ?? '0.0.0.0',
    port,
    tlsCertPath: file(flags['tls-cert'], 'INJECTOR_TLS_CERT', INJECTOR_DEFAULTS.tlsCertPath),
    tlsKeyPath: file(flags['tls-key'], 'INJECTOR_TLS_KEY', INJECTOR_DEFAULTS.tlsKeyPath),
    templatePath: file(flags.template, 'INJECTOR_TEMPLATE', INJECTOR_DEFAULTS.templatePath),
    selfLabels: selfLabels(env.INJECTOR_SELF_LABELS ?? INJECTOR_DEFAULTS.selfLabels, issues),
    logLevel: logLevel as LogLevel,
    // An AdmissionReview carries the pod twice at most (object, oldObject); pods stay far below this.
    maxBodyBytes: 8 * 1024 * 1024,
  };
  if (issues.length > 0) throw new ConfigError(issues);
  return Object.freeze(config);
}

/** `key=value,key2=value2`; empty turns the check off (the webhook's selectors still apply). */
function selfLabels(raw: string, issues: string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const entry of raw.split(',').map((item) => item.trim()).filter((item) => item !== '')) {
    const at = entry.indexOf('=');
    const key = at < 0 ? entry : entry.slice(0, at);
    const value = at < 0 ? undefined : entry.slice(at + 1);
    if (value === undefined || !LABEL_KEY.test(key) || !LABEL_VALUE.test(value)) {
      issues.push(`INJECTOR_SELF_LABELS: "${entry}" is not a label=value pair (e.g. app.kubernetes.io/name=governance-gateway)`);
      continue;
    }
    labels[key] = value;
  }
  return labels;
}
