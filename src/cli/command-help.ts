// What each `govgate` command accepts and says about itself: `govgate <command> --help` prints
// its own help, and an option another command owns is refused by name instead of ignored.

export interface CommandHelp {
  /** The options (long names) the command takes, besides --help. */
  options: readonly string[];
  text: string;
}

const SERVE_ENV = `Environment: PORT, HOST, GATEWAY_VARIANT, LEDGER_PATH (default ./data/ledger.db), DATABASE_URL
(postgres://…), POLICIES_DIR, CONFIG_DIR, SERVICE_ENV, AUTH_ENABLED, JWT_SECRET, JWT_JWKS_URL, KEYS_PATH,
LOG_LEVEL and more: docs/configuration.md.`;

export const COMMANDS: Record<string, CommandHelp> = {
  serve: {
    options: ['port', 'host', 'variant'],
    text: `Usage: govgate serve [--port N] [--host H] [--variant embedded|edge]

Start the gateway; SIGTERM or SIGINT stops it gracefully.
  --port N      listen port (PORT; embedded 8765, edge 8000; 0 picks a free one)
  --host H      listen address (HOST; embedded 127.0.0.1, edge 0.0.0.0)
  --variant V   embedded: Authorization: Bearer, SQLite ledger.
                edge: X-Service-Token, shared ledger (sidecar or central gateway).

${SERVE_ENV}
`,
  },
  verify: {
    options: ['from', 'to', 'checkpoints', 'public-key'],
    text: `Usage: govgate verify [--from SEQ] [--to SEQ] [--checkpoints [--public-key FILE]]

Verify the ledger's hash chain; exit 1 and name the first bad seq if it fails.
  --from SEQ, --to SEQ   verify only this range (positive integers)
  --checkpoints          also check the signed checkpoints
  --public-key FILE      check them against FILE (a JWK, JWKS or PEM) instead of the ledger's key
`,
  },
  migrate: {
    options: [],
    text: `Usage: govgate migrate

Bring the ledger schema to this build's version (PostgreSQL: under an advisory lock, so several
gateways may run it at once).
`,
  },
  retention: {
    options: [],
    text: `Usage: govgate retention run

Drop payloads older than HOT_PAYLOAD_DAYS now; metadata and the chain stay.
`,
  },
  checkpoint: {
    options: [],
    text: `Usage: govgate checkpoint create | govgate checkpoint public-key

  create       sign the chain head now
  public-key   print the public key auditors check checkpoints with (a JWK)
`,
  },
  keys: {
    options: ['tier', 'team', 'name', 'json', 'role', 'agent'],
    text: `Usage: govgate keys create --tier developer|team|enterprise [--role R[,R…]] [--agent ID|GLOB] [--team T] [--name N] [--json]
       govgate keys list [--json]
       govgate keys revoke <key id>

API keys in the key store (KEYS_PATH, default keys.db beside the ledger).
  create   print a new key once; only its hash is stored
           --role: admin, operator, reviewer, auditor, viewer, agent (default viewer)
           --agent: with --role agent, the agent id or glob the key acts for (required)
  list     the keys: id, tier, team, roles (- for a key from before roles), agent, name, created, revoked
  revoke   refuse the key from the next request on every gateway sharing the store
`,
  },
  policy: {
    options: ['run', 'json'],
    text: `Usage: govgate policy test [DIR] [--run PATTERN] [--json]
       govgate policy lint [DIR]

  test   run the bundle's test cases (DIR/tests/*.yaml); exit 1 if any fails
         --run PATTERN runs only the cases whose name matches the regular expression
  lint   check every file, every CEL rule and the test cases without running them
DIR defaults to POLICIES_DIR, then ./policies.
`,
  },
  certify: {
    options: ['jwks', 'json'],
    text: `Usage: govgate certify verify <file> [--jwks FILE|URL] [--json]

Verify an agent certificate (a JWS from POST /v1/certify/agent): signature and expiry.
  --jwks FILE|URL   the issuer's keys: a JWKS file (offline), or the gateway's
                    /v1/certify/jwks URL (then revocation is checked too);
                    default this gateway's own keys
  --json            the report as JSON
Exit 0 when valid, 1 when not (the report says why).
`,
  },
  reports: {
    options: ['jwks', 'json'],
    text: `Usage: govgate reports verify <file> <signature> [--jwks FILE|URL] [--json]

Check a compliance report file (from GET /v1/reports/{id}/file) against its signature (the
compact JWS, or the JSON from GET /v1/reports/{id}/signature): the signature verifies with a
key of the JWKS and covers exactly this file's SHA-256.
  --jwks FILE|URL   the gateway's keys: a file saved from /v1/reports/jwks (offline) or that URL;
                    default this gateway's own keys
  --json            the result as JSON
Exit 0 when the file is intact, 1 when not (the result says why).
`,
  },
  review: {
    options: ['url', 'token', 'status', 'note', 'wait', 'grant', 'json'],
    text: `Usage: govgate review list [--status S] [--json]
       govgate review show <envelope id> [--wait SECONDS] [--json]
       govgate review claim <envelope id> [--note TEXT]
       govgate review approve <envelope id> --note TEXT [--grant once|session|ttl] [--json]
       govgate review reject <envelope id> --note TEXT [--json]

The human review queue of a running gateway, through its API.
  --url URL     the gateway (GOVGATE_URL, default http://127.0.0.1:8765)
  --token T     an API key or JWT of a reviewer (GOVGATE_TOKEN)
  --status S    pending, claimed, approved, rejected, expired, overdue or resolved
  --wait N      show: wait up to N seconds for the item to change
  --note TEXT   why: recorded in the ledger with the verdict
  --grant G     approve: also grant later calls (once, session or ttl)
`,
  },
  team: {
    options: ['url', 'token', 'team', 'role', 'name', 'agent', 'member', 'tier', 'from', 'to', 'json'],
    text: `Usage: govgate team members list [--team T] [--json]
       govgate team members add <email> --role R[,R…] [--name NAME] [--team T]
       govgate team members set <member id> --role R[,R…] [--team T]
       govgate team members remove <member id> [--team T]
       govgate team keys list [--team T] [--json]
       govgate team keys create --role R[,R…] [--agent ID|GLOB] [--member ID] [--tier T] [--name N] [--team T] [--json]
       govgate team keys revoke <key id>
       govgate team agents [--team T]
       govgate team agents set <pattern>… [--team T]
       govgate team usage [--from ISO] [--to ISO] [--team T] [--json]

Team administration through a running gateway's /v1/team API: each change is a ledger row
naming the token, and reaches every replica at once (docs/entitlements.md).
  --url URL     the gateway (GOVGATE_URL, default http://127.0.0.1:8765)
  --token T     an admin's API key or JWT (GOVGATE_TOKEN)
  --team T      the team (default: the token's own; required for a token without a team)
  --role R,R    admin, operator, reviewer, auditor, viewer, agent
  --agent A     keys create: the agent id or glob an agent key acts for
  --member ID   keys create: the member the key belongs to (it holds at most their roles)
`,
  },
  injector: {
    options: ['port', 'host', 'tls-cert', 'tls-key', 'template'],
    text: `Usage: govgate injector [--port N] [--host H] [--tls-cert FILE] [--tls-key FILE] [--template FILE]

Serve the Kubernetes sidecar injection webhook (HTTPS, POST /mutate, port 8443): pods annotated
governance-gateway/inject: "true" get the sidecar from the chart's template.
Env: INJECTOR_PORT, INJECTOR_HOST, INJECTOR_TLS_CERT (/tls/tls.crt), INJECTOR_TLS_KEY
(/tls/tls.key), INJECTOR_TEMPLATE, INJECTOR_SELF_LABELS.
`,
  },
};
