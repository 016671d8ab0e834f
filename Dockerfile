# syntax=docker/dockerfile:1
# The governance gateway image: `govgate serve --variant edge` on port 8000 (the Helm chart in
# charts/governance-gateway runs it). It runs the bundle of the TypeScript sources
# (`npm run build`: dist/govgate.mjs and the ledger writer thread's dist/ledger-writer.mjs) with
# a compile cache filled at build time: a sidecar is ready in about a third of the time the
# sources take to load (docs/performance.md).
#
# It runs as production (SERVICE_ENV=production: auth on, /docs and /console off) and refuses to start until
# it has something to check credentials against: JWT_SECRET, JWT_JWKS_URL or an API key in the
# key store (docs/security.md).
#
#   docker build -t governance-gateway:$(node -p "require('./package.json').version") .
#   docker run --read-only -p 8000:8000 -e DATABASE_URL=postgres://... -e JWT_SECRET=... governance-gateway:<version>

# ---- the bundle (dev dependencies: esbuild), and a compile cache for it
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY scripts ./scripts
COPY bin ./bin
COPY src ./src
COPY console ./console
# The build starts the gateway once, on the image's own configuration and policies, to write the
# code cache of what a start runs.
COPY config ./config
COPY policies ./policies
# The web console (/console, off in production unless CONSOLE_ENABLED=true): Vite writes
# console/dist, which the runtime stage takes; --ignore-scripts above skipped the `prepare` build.
# The build's own start fills Node's compile cache for what the code cache does not hold: the
# ledger writer thread's modules (the build tools' entries in it are never read at run time).
RUN NODE_COMPILE_CACHE=/app/.compile-cache npm run build \
 && npm run console:build

# ---- production dependencies only: the bundle holds what a start runs; what it loads on demand
# (PDF, SAML, OpenTelemetry, ioredis, undici) and swagger-ui-dist's assets come from here
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime
FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="governance-gateway" \
      org.opencontainers.image.description="Runtime governance gateway for software agents" \
      org.opencontainers.image.licenses="Apache-2.0"
ENV NODE_ENV=production \
    SERVICE_ENV=production \
    NODE_COMPILE_CACHE=/app/.compile-cache
WORKDIR /app
# A fixed numeric user, so Kubernetes can check runAsNonRoot without reading /etc/passwd.
RUN groupadd --gid 10001 govgate \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin govgate \
 && mkdir -p /app/data \
 && chown 10001:10001 /app/data
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/console/dist ./console/dist
# Read-only at run time, which is fine: Node reads the cache and skips writing it back.
COPY --from=build /app/.compile-cache ./.compile-cache
COPY package.json ./
COPY config ./config
COPY policies ./policies
USER 10001:10001
# The only place the gateway writes (SQLite ledger or API key store, a generated checkpoint key):
# everything else can be a read-only root filesystem.
VOLUME ["/app/data"]
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/dist/govgate.mjs"]
CMD ["serve", "--variant", "edge"]
