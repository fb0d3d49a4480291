#!/usr/bin/env bash
# The local database cluster (tools/scripts/cluster.mjs) runs Debian's Patroni, etcd, HAProxy and
# pgBackRest on the machine's PostgreSQL 15. Installs the packages that are missing, and keeps
# their packaged services from starting: the cluster runs its own processes on its own ports.
set -euo pipefail
need=()
command -v patroni >/dev/null 2>&1 || need+=(patroni)
command -v etcd >/dev/null 2>&1 || need+=(etcd-server)
command -v etcdctl >/dev/null 2>&1 || need+=(etcd-client)
command -v haproxy >/dev/null 2>&1 || need+=(haproxy)
command -v pgbackrest >/dev/null 2>&1 || need+=(pgbackrest)
[ -x /usr/lib/postgresql/15/bin/postgres ] || need+=(postgresql-15)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "missing: ${need[*]}: run 'apt-get update && apt-get install -y ${need[*]}' as root" >&2
  exit 1
fi
echo "installing Debian's ${need[*]}…"
export DEBIAN_FRONTEND=noninteractive
# policy-rc.d answering 101 tells the packages' scripts not to start their daemons
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  trap 'rm -f "$policy"' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
for c in patroni etcd etcdctl haproxy pgbackrest; do command -v "$c" >/dev/null; done
