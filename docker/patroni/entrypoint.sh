#!/bin/sh
# Renders /etc/patroni/patroni.yml.template from the environment and runs Patroni in its place.
# Patroni reads the passwords itself (PATRONI_SUPERUSER_PASSWORD, PATRONI_REPLICATION_PASSWORD,
# PATRONI_RESTAPI_PASSWORD): they are never written into the rendered file.
set -eu
: "${PATRONI_NAME:?PATRONI_NAME is required (this node's name and host name)}"
: "${ETCD_HOSTS:?ETCD_HOSTS is required (host:port of every etcd member, comma-separated)}"
: "${PATRONI_SUPERUSER_PASSWORD:?PATRONI_SUPERUSER_PASSWORD is required}"
: "${PATRONI_REPLICATION_PASSWORD:?PATRONI_REPLICATION_PASSWORD is required}"
export PATRONI_SCOPE="${PATRONI_SCOPE:-cosmic}"
mkdir -p /var/lib/postgresql/data
chmod 700 /var/lib/postgresql/data
envsubst '${PATRONI_SCOPE} ${PATRONI_NAME} ${ETCD_HOSTS}' </etc/patroni/patroni.yml.template >/tmp/patroni.yml
exec patroni /tmp/patroni.yml
