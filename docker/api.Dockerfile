# syntax=docker/dockerfile:1
# The API (NestJS on Fastify). Build: docker build -f docker/api.Dockerfile .
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false npx nx run api:build --outputStyle=static \
 && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 WEB_ROOT=/nonexistent
WORKDIR /app
RUN groupadd --system cosmic && useradd --system --gid cosmic --home /app cosmic
COPY --from=build --chown=cosmic:cosmic /src/node_modules ./node_modules
COPY --from=build --chown=cosmic:cosmic /src/dist/apps/api ./dist/apps/api
COPY --from=build --chown=cosmic:cosmic /src/package.json ./package.json
USER cosmic
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>r.json()).then(b=>process.exit(b.database.ok?0:1)).catch(()=>process.exit(1))"
# migrations run at start (TypeORM, never synchronize); secrets come from the environment only
CMD ["node", "--enable-source-maps", "dist/apps/api/apps/api/src/main.js"]
