// `govgate`: the command-line entry point. Subcommands are small modules under src/cli/.

import { parseArgs } from 'node:util';
import { ConfigError, ConfigFileError } from './config/index.ts';
import { PolicyLoadError, formatPolicyIssue } from './policy/index.ts';
import { GATEWAY_VERSION } from './gateway/index.ts';
import { UsageError, serveCommand } from './cli/serve-command.ts';
import { verifyCommand } from './cli/verify-command.ts';
import { migrateCommand } from './cli/migrate-command.ts';
import { retentionCommand } from './cli/retention-command.ts';
import { checkpointCommand } from './cli/checkpoint-command.ts';
import { keysCommand } from './cli/keys-command.ts';
import { policyCommand } from './cli/policy-command.ts';
import { injectorCommand } from './cli/injector-command.ts';
import { COMMANDS } from './cli/command-help.ts';
import { friendlyFailure } from './cli/friendly-failure.ts';
import { certifyCommand } from './cli/certify-command.ts';
import { reportsCommand } from './cli/reports-command.ts';
import { reviewCommand } from './cli/review-command.ts';
import { teamCommand } from './cli/team-command.ts';

const HELP = `govgate ${GATEWAY_VERSION} — runtime governance gateway for software agents

Usage:
  govgate serve [--port N] [--host H] [--variant embedded|edge]
      Start the gateway. embedded: port 8765, Authorization: Bearer, SQLite ledger.
      edge: port 8000, X-Service-Token, shared ledger (sidecar or central).
  govgate verify [--from SEQ] [--to SEQ] [--checkpoints [--public-key FILE]]
      Verify the ledger's hash chain; exit 1 and name the first bad seq if it fails.
      --checkpoints also checks the signed checkpoints (against FILE: a JWK, JWKS or PEM).
  govgate migrate
      Bring the ledger schema to this build's version (PostgreSQL: under an advisory lock).
  govgate retention run
      Drop payloads older than HOT_PAYLOAD_DAYS now; metadata and the chain stay.
  govgate checkpoint create | checkpoint public-key
      Sign the chain head now, or print the public key auditors check checkpoints with.
  govgate keys create --tier developer|team|enterprise [--role R[,R]] [--agent ID|GLOB] [--team T] [--name N] [--json]
      Create an API key (roles default to viewer); it is printed once, only its hash is stored (KEYS_PATH).
  govgate keys list [--json]
  govgate keys revoke <key id>
      Revoke a key; every gateway sharing the key store refuses it from the next request.
  govgate policy test [DIR] [--run PATTERN] [--json]
      Run the bundle's test cases (DIR/tests/*.yaml); exit 1 if any fails.
  govgate policy lint [DIR]
      Check the bundle (every file, every CEL rule) and its test cases without running them.
      DIR defaults to POLICIES_DIR, then ./policies.
  govgate injector [--port N] [--host H] [--tls-cert FILE] [--tls-key FILE] [--template FILE]
      Serve the Kubernetes sidecar injection webhook (HTTPS, POST /mutate, port 8443): pods
      annotated governance-gateway/inject: "true" get the sidecar from the chart's template.
      Env: INJECTOR_PORT, INJECTOR_HOST, INJECTOR_TLS_CERT (/tls/tls.crt), INJECTOR_TLS_KEY
      (/tls/tls.key), INJECTOR_TEMPLATE, INJECTOR_SELF_LABELS.
  govgate certify verify <file> [--jwks FILE|URL] [--json]
      Verify an agent certificate: signature and expiry against a JWKS file (offline), the
      gateway's /v1/certify/jwks URL (then revocation too), or this gateway's own keys.
  govgate reports verify <file> <signature> [--jwks FILE|URL] [--json]
      Check a compliance report file against its signature (JWS over its SHA-256), offline.
  govgate review list [--status S] | show <id> [--wait N] | claim <id> | approve <id> --note T [--grant once] | reject <id> --note T
      The human review queue of a running gateway (--url or GOVGATE_URL, --token or GOVGATE_TOKEN); --json for raw answers.
  govgate team members|keys|agents|usage …
      Team administration through a running gateway's /v1/team API (an admin's --token).
  govgate <command> --help | govgate --help | govgate --version

Environment (docs/configuration.md): PORT, HOST, GATEWAY_VARIANT, LEDGER_PATH (default ./data/ledger.db),
DATABASE_URL (postgres://: PG_POOL_SIZE, PG_STATEMENT_TIMEOUT_MS, PG_SSL, PG_SCHEMA),
POLICIES_DIR, CONFIG_DIR, SERVICE_ENV, AUTH_ENABLED, RATE_LIMIT_ENABLED, SERVICE_MAX_BODY_BYTES,
SERVICE_MAX_BODY_VALUES, MIN_SDK_VERSION, DEFAULT_TIER, AGENT_ID, SIDECAR_MEMORY_MB, LOG_LEVEL, KEYS_PATH,
JWT_SECRET, JWT_JWKS_URL, JWT_ISSUER, JWT_AUDIENCE, JWT_CLOCK_TOLERANCE_SECONDS, JWT_JWKS_COOLDOWN_SECONDS,
TRUSTED_PROXIES, RATE_LIMIT_MAX_KEYS, HOT_PAYLOAD_DAYS, METADATA_YEARS, RETENTION_INTERVAL_MINUTES,
CHECKPOINT_KEY, CHECKPOINT_KEY_FILE, CHECKPOINT_INTERVAL_SECONDS, FLEET_SYNC_INTERVAL_MS,
JUDGE_URL, JUDGE_MODEL, JUDGE_API_KEY, JUDGE_API_KEY_FILE, JUDGE_TIMEOUT_MS, JUDGE_SYNC_BUDGET_MS,
JUDGE_CONCURRENCY, JUDGE_RESPONSE_FORMAT, JUDGE_POLL_MS, CERTIFY_KEY, CERTIFY_KEY_FILE,
CERTIFY_OLD_KEYS_FILE, CERTIFY_ISSUER, REPORTS_KEY, REPORTS_KEY_FILE, REPORTS_OLD_KEYS_FILE.
`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      variant: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      tier: { type: 'string' },
      team: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean' },
      checkpoints: { type: 'boolean' },
      'public-key': { type: 'string' },
      run: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      template: { type: 'string' },
      jwks: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      status: { type: 'string' },
      note: { type: 'string' },
      wait: { type: 'string' },
      grant: { type: 'string' },
      role: { type: 'string' },
      agent: { type: 'string' },
      member: { type: 'string' },
    },
  });
  const [command] = positionals;
  if (values.version) return print(`${GATEWAY_VERSION}\n`);
  if (!command || command === 'help') return print(HELP);
  const help = COMMANDS[command];
  if (!help) throw new UsageError(`unknown command "${command}"; run govgate --help`);
  if (values.help) return print(help.text);
  for (const option of Object.keys(values)) {
    if (option !== 'help' && !help.options.includes(option)) throw new UsageError(`govgate ${command} does not take --${option}; see govgate ${command} --help`);
  }
  switch (command) {
    case 'serve':
      await serveCommand(values);
      return -1; // keep running until a signal
    case 'verify':
      return verifyCommand(values);
    case 'migrate':
      if (positionals.length > 1) throw new UsageError('govgate migrate takes no arguments; see govgate migrate --help');
      return migrateCommand();
    case 'retention':
      return retentionCommand(positionals.slice(1));
    case 'checkpoint':
      return checkpointCommand(positionals.slice(1));
    case 'keys':
      return keysCommand(positionals.slice(1), values);
    case 'policy':
      return policyCommand(positionals.slice(1), values);
    case 'certify':
      return certifyCommand(positionals.slice(1), values);
    case 'reports':
      return reportsCommand(positionals.slice(1), values);
    case 'review':
      return reviewCommand(positionals.slice(1), values);
    case 'team':
      return teamCommand(positionals.slice(1), values);
    case 'injector':
      if (positionals.length > 1) throw new UsageError('govgate injector takes no arguments; see govgate injector --help');
      await injectorCommand(values);
      return -1; // keep running until a signal
    default:
      throw new UsageError(`unknown command "${command}"; run govgate --help`);
  }
}

function print(text: string): number {
  process.stdout.write(text);
  return 0;
}

/** What parseArgs throws for a command line it cannot read (`--bogus`, `--run` without its value, a positional where none goes). */
function isArgumentError(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof PolicyLoadError) {
      process.stderr.write(`govgate: the policy bundle is invalid:\n${error.issues.map((i) => `  ${formatPolicyIssue(i)}`).join('\n')}\n`);
    } else if (error instanceof ConfigError || error instanceof ConfigFileError || error instanceof UsageError || isArgumentError(error)) {
      process.stderr.write(`govgate: ${(error as Error).message}\n`);
      process.exitCode = 2;
      return;
    } else {
      process.stderr.write(`govgate: ${friendlyFailure(error) ?? (error as Error).stack ?? String(error)}\n`);
    }
    process.exitCode = 1;
  },
);
