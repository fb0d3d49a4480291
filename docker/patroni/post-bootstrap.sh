#!/bin/sh
# Patroni runs this once, on the node that initialised the cluster ($1 connects to it): the API's
# role and database, and pgBackRest's stanza, so WAL archiving works from the first segment on.
set -eu
: "${POSTGRES_USER:?POSTGRES_USER is required}"
: "${POSTGRES_DB:?POSTGRES_DB is required}"
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
psql "$1" -v ON_ERROR_STOP=1 -v user="$POSTGRES_USER" -v db="$POSTGRES_DB" -v pw="$POSTGRES_PASSWORD" <<'SQL'
CREATE ROLE :"user" LOGIN PASSWORD :'pw';
CREATE DATABASE :"db" OWNER :"user";
SQL
pgbackrest --stanza=cosmic stanza-create
