# NPC Board: the board (and the forge, for demo mode) in one image.
# Untested here: the machines this project is built on run no Docker engine. The steps
# mirror what .ci/run proves on every change: npm install, npm run build, start.

FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ git ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
# git serves the forge's repositories; tini forwards SIGTERM for a graceful stop;
# jemalloc is the board's allocator (scripts/board-node-flags.mjs), linked to the one path
# that serves every architecture.
RUN apt-get update \
 && apt-get install -y --no-install-recommends git tini ca-certificates libjemalloc2 \
 && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2 \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=60s CMD ["node", "scripts/healthcheck.mjs"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# V8 flags and allocator settings as in scripts/board-node-flags.mjs (fixed at start).
ENV LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=narenas:1,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=8", "--expose-gc", "dist/server/server/board/main.js"]
