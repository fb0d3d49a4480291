# syntax=docker/dockerfile:1
# One static front end (the shell or one remote) served by nginx, so each team deploys its own.
#   docker build -f docker/web.Dockerfile --build-arg APP=games-mfe -t cosmic/games-mfe .
ARG APP=shell
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false npx nx run ${APP}:build --outputStyle=static

FROM nginx:1.27-alpine AS runtime
ARG APP
COPY docker/nginx/${APP}.conf /etc/nginx/conf.d/default.conf
# the API's security headers; the image's entrypoint fills ${PUBLIC_*_ORIGIN} from the environment
COPY docker/nginx/security-headers.conf.template /etc/nginx/templates/security-headers.conf.template
ENV NGINX_ENVSUBST_OUTPUT_DIR=/etc/nginx/snippets
# the shell's server_name from PUBLIC_ORIGIN, written at start (the remotes' configs do not use it)
COPY --chmod=755 docker/nginx/server-name.sh /docker-entrypoint.d/25-server-name.sh
COPY --from=build /src/dist/apps/${APP} /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD wget -qO- http://127.0.0.1:8080/healthz || exit 1
