# The production image: the built app and API on port 3000, its data in the /data volume.
#
#   docker build -t xianzhi .
#   docker run -p 3000:3000 -v xianzhi-data:/data xianzhi      # SQLite, demo data on the first start
#   docker compose up                                           # with PostgreSQL and Redis: compose.yaml
#
# Docker images cannot be pulled on the project's development and CI machines (no registry
# access), so nothing there builds this file: CI starts the same services without Docker (.ci/run),
# and CONTRIBUTING.md says how. The final stage's layout (production dependencies of the server and
# the contract only, the builds beside them) was checked by running it outside Docker.

ARG NODE_IMAGE=node:20-bookworm-slim

# Every dependency, and the build of the contract, the server and the web app.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the install layer is reused until they change.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What the server needs at run time: the web app is served as built files (its server render is
# one bundled module), so the web workspace's packages stay out.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace=@xianzhi/server --workspace=@xianzhi/contract

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/web/dist-ssr web/dist-ssr
# The official image's unprivileged user owns the data folder, and nothing else.
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready: the database answers (and Redis, when REDIS_URL is set).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.js"]
