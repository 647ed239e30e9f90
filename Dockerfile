# syntax=docker/dockerfile:1

# --- build: every dependency (nothing compiles: better-sqlite3 ships its binaries), the
# Remix build and the compiled server; then the dev dependencies are pruned away ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly the lock file's versions (npm 11, as in this image).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force
# What production does not need although npm keeps it: TypeScript (an optional peer of the
# Remix packages), and better-sqlite3's sources and its binaries for other platforms (it
# loads prebuilds/<platform>-<arch>.node); opening a database proves the one kept loads.
RUN rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
 && cd node_modules/better-sqlite3 \
 && keep="$(node -p 'process.platform + "-" + process.arch').node" \
 && find prebuilds -type f ! -name "$keep" -delete \
 && rm -rf deps src \
 && cd /app \
 && node -e "new (require('better-sqlite3'))(':memory:').close()"

# --- runtime: production dependencies, the builds (server, Remix app, migrations in
# build/migrations) and public/; no TypeScript sources, no compiler, no TypeScript loader ---
FROM node:24-bookworm-slim AS runtime
# glibc keeps the memory that sharp has freed in one arena per thread: two arenas keep the
# server's memory flat across image re-encodings (docs/bench.md, upload memory).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 MALLOC_ARENA_MAX=2
WORKDIR /app
# The application belongs to root and is only read by the server's user: a flaw in the
# server cannot rewrite its own code. That user owns ./data alone (the database, uploads,
# outbox and the generated session secret), private to it (0700; the server keeps the
# files in it 0600, server/private-files.ts).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# What `npm run db:backup`, `db:restore` and `admin:reset-passkeys` run first; in the image
# it sees no sources and lets the built command run.
COPY --from=build /app/scripts/ensure-build.mjs ./scripts/ensure-build.mjs
# Litestream's settings, used when REPLICA_URL is set (decision 060); /app/replica is where
# a second volume goes for a file:// replica (REPLICA_URL=file:///app/replica).
COPY --from=build /app/litestream.yml ./litestream.yml
RUN mkdir -p /app/data /app/replica && chown node:node /app/data /app/replica && chmod 700 /app/data /app/replica
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Node runs as PID 1 and handles SIGTERM itself (in-flight requests get up to 10 s);
# migrations run at every start, before the port opens.
CMD ["node", "build/server.js"]
