#!/bin/sh
# The shell's server_name, from PUBLIC_ORIGIN (the API's: one or a comma-separated list of origins),
# so nginx answers only for the casino's own host(s) and its default server refuses every other
# (docker/nginx/shell.conf). Run by the nginx image's entrypoint (/docker-entrypoint.d) before
# nginx starts; a missing or bad PUBLIC_ORIGIN stops the container. Images whose config does not
# include the snippet (the remotes) skip it. tools/scripts/check-docker.mjs runs it on samples.
set -eu
conf=${NGINX_CONF:-/etc/nginx/conf.d/default.conf}
out=${SERVER_NAME_SNIPPET:-/etc/nginx/snippets/server-name.conf}
grep -q 'snippets/server-name.conf' "$conf" || exit 0
if [ -z "${PUBLIC_ORIGIN:-}" ]; then
  echo "$0: PUBLIC_ORIGIN is required (the casino's origin, e.g. https://casino.example)" >&2
  exit 1
fi
names=""
for origin in $(printf '%s' "$PUBLIC_ORIGIN" | tr ',' ' '); do
  host=$(printf '%s' "$origin" | tr 'A-Z' 'a-z' | sed -nE 's#^https?://([a-z0-9.-]+|\[[0-9a-f:.]+\])(:[0-9]{1,5})?$#\1#p')
  if [ -z "$host" ]; then
    echo "$0: PUBLIC_ORIGIN must be a comma-separated list of origins like https://casino.example (bad: \"$origin\")" >&2
    exit 1
  fi
  names="$names $host"
done
mkdir -p "$(dirname "$out")"
echo "server_name$names;" > "$out"
