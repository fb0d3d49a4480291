# syntax=docker/dockerfile:1
# PostgreSQL 15 under Patroni, with pgBackRest archiving its WAL (there is no official Patroni image).
# One image for every node of docker/compose.yaml; each node's name, the etcd members and the
# passwords come from the environment (docker/env/patroni.env.example).
#   docker build -f docker/patroni.Dockerfile -t cosmic/patroni .
FROM postgres:15-bookworm
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      patroni python3-etcd pgbackrest gettext-base \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /etc/patroni /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest \
 && chown postgres:postgres /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest
COPY docker/patroni/patroni.yml.template /etc/patroni/patroni.yml.template
COPY docker/patroni/pgbackrest.conf /etc/pgbackrest.conf
COPY --chmod=755 docker/patroni/entrypoint.sh /usr/local/bin/patroni-entrypoint.sh
COPY --chmod=755 docker/patroni/post-bootstrap.sh /usr/local/bin/patroni-post-bootstrap.sh
USER postgres
# 5432 PostgreSQL, 8008 Patroni's REST API (HAProxy's health checks)
EXPOSE 5432 8008
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8008/health', timeout=2)"
ENTRYPOINT ["/usr/local/bin/patroni-entrypoint.sh"]
