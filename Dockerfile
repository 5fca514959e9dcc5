# Spencer: production image. Expects DATABASE_URL (PostgreSQL for real data) and, with it,
# SESSION_SECRET and APP_URL (start-up refuses without them on PostgreSQL); README: Deployment and environment.
FROM node:24-slim AS base
WORKDIR /app
ENV NODE_ENV=production

# Build with every dependency.
FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM base AS runtime
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json server.js ./
COPY --chown=node:node scripts/build-if-needed.js ./scripts/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# server.js serves the build (no sources in this image, so it never rebuilds), applies
# migrations, and closes the database cleanly on SIGTERM.
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=128", "--no-concurrent-recompilation", "server.js"]
