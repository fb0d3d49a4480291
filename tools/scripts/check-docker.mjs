// Validates docker/: the compose file's topology and hygiene (parsed here, always), Prometheus and
// the Grafana dashboard against the API's own metric names, and `docker-compose config` when that
// client is installed (Docker itself cannot run on CI). Run from the repository root (or a copy of
// its docker/, the metrics catalogue and the web routes: tools/scripts/check-docker.spec.ts). Prints "N passed, N failed".
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import YAML from 'yaml';
import { importTs, mapEntries, mappedPage, PAGE_VARIABLE } from './nginx-pages.mjs';

const checks = [];
const check = (name, ok, detail = '') => checks.push({ name, ok: Boolean(ok), detail });
const compose = YAML.parse(readFileSync('docker/compose.yaml', 'utf8'));
const s = compose.services;

// The database (issue 39 item 3): the Patroni nodes are the services built from patroni.Dockerfile,
// the etcd members those running etcd's image.
const patroniNodes = Object.keys(s).filter((n) => s[n]?.build?.dockerfile === 'docker/patroni.Dockerfile');
const etcdNames = Object.keys(s).filter((n) => /(^|\/)etcd:/.test(s[n]?.image ?? ''));

check(
  'services: haproxy, redis, api, api-lb, shell and three remotes',
  ['haproxy', 'redis', 'api', 'api-lb', 'shell', 'games', 'cashier', 'security'].every((n) => s[n]),
);
check('the API runs 2 replicas', s.api?.deploy?.replicas === 2);
check('the API reaches Redis for shared rate limits', s.api?.environment?.REDIS_URL?.startsWith('redis://'));
check(
  'each remote and the shell publish their own port (own origin)',
  new Set(['shell', 'games', 'cashier', 'security'].map((n) => s[n]?.ports?.[0]?.split(':')[0])).size === 4,
);
check(
  'remote URLs come from the environment, not from the shell build',
  ['REMOTE_GAMES_URL', 'REMOTE_CASHIER_URL', 'REMOTE_SECURITY_URL'].every((k) =>
    String(s.api?.environment?.[k]).startsWith('${'),
  ),
);
check(
  'redis, api-lb, haproxy and every etcd member have health checks',
  ['redis', 'api-lb', 'haproxy', ...etcdNames].every((n) => s[n]?.healthcheck?.test),
);
check(
  'secrets only from env files',
  s.api?.env_file &&
    patroniNodes.length > 0 &&
    patroniNodes.every((n) => s[n].env_file) &&
    !JSON.stringify(compose).match(/PASSWORD[=:]\s*"?\w|SECRET=\w|MNEMONIC=\w/),
);
const examples = readdirSync('docker/env').filter((f) => f.endsWith('.env.example'));
check(
  'env examples carry no secret values',
  examples.every(
    (f) =>
      !readFileSync(`docker/env/${f}`, 'utf8').match(
        /^(POSTGRES_PASSWORD|PATRONI_\w+_PASSWORD|SESSION_SECRET|HOUSE_MNEMONIC|OPERATOR_PASSWORD_HASH|VAULT_PASSWORD_HASH)=.+$/m,
      ),
  ),
);
for (const f of ['api.Dockerfile', 'web.Dockerfile']) {
  const text = readFileSync(`docker/${f}`, 'utf8');
  check(`${f} is multi-stage`, (text.match(/^FROM /gm) ?? []).length >= 2);
}
check(
  'the API image runs as a non-root user with a health check',
  /^USER cosmic$/m.test(readFileSync('docker/api.Dockerfile', 'utf8')) &&
    /HEALTHCHECK/.test(readFileSync('docker/api.Dockerfile', 'utf8')),
);
for (const app of ['shell', 'games-mfe', 'cashier-mfe', 'security-mfe'])
  check(`nginx config for ${app}`, existsSync(`docker/nginx/${app}.conf`));

// A replicated PostgreSQL (issue 39 item 3): three Patroni nodes electing their leader in a
// three-member etcd, synchronous replication, HAProxy sending the API's writes to the leader by
// Patroni's REST checks, and every node archiving WAL into one pgBackRest repository volume.
check('three Patroni nodes (docker/patroni.Dockerfile)', patroniNodes.length === 3, patroniNodes.join(', '));
const initialCluster = etcdNames.map((n) => String(s[n]?.environment?.ETCD_INITIAL_CLUSTER));
check(
  'three etcd members, each knowing all three (ETCD_INITIAL_CLUSTER)',
  etcdNames.length === 3 && initialCluster.every((c) => etcdNames.every((n) => c.includes(`${n}=http://${n}:2380`))),
  `${etcdNames.join(', ')}: ${initialCluster.join(' | ')}`,
);
check(
  'every Patroni node reaches every etcd member and has its own name and data volume',
  patroniNodes.every(
    (n) =>
      etcdNames.every((e) => String(s[n].environment?.ETCD_HOSTS).split(',').includes(`${e}:2379`)) &&
      s[n].environment?.PATRONI_NAME === n &&
      mountOf(s[n], '/var/lib/postgresql/data') === `docker/${n}-data`,
  ),
);
const patroniConf = existsSync('docker/patroni/patroni.yml.template')
  ? YAML.parse(readFileSync('docker/patroni/patroni.yml.template', 'utf8').replace(/\$\{(\w+)\}/g, 'x-$1'))
  : null;
const dcs = patroniConf?.bootstrap?.dcs;
check(
  'Patroni: synchronous_mode on (an acknowledged commit is on two nodes), not strict',
  dcs?.synchronous_mode === true && dcs?.synchronous_mode_strict === false,
  `synchronous_mode ${dcs?.synchronous_mode}, synchronous_mode_strict ${dcs?.synchronous_mode_strict}`,
);
const archiveCommand = String(dcs?.postgresql?.parameters?.archive_command);
check(
  'Patroni: WAL archived by pgBackRest (archive_mode on, archive_command archive-push)',
  dcs?.postgresql?.parameters?.archive_mode === 'on' && /^pgbackrest .*archive-push "?%p"?$/.test(archiveCommand),
  archiveCommand,
);
const repoPath = /^repo1-path=(.+)$/m.exec(
  existsSync('docker/patroni/pgbackrest.conf') ? readFileSync('docker/patroni/pgbackrest.conf', 'utf8') : '',
)?.[1];
const repoVolumes = patroniNodes.map((n) => mountOf(s[n], repoPath));
check(
  "every Patroni node mounts one pgBackRest repository volume at pgbackrest.conf's repo1-path",
  repoPath &&
    repoVolumes.length === 3 &&
    new Set(repoVolumes).size === 1 &&
    repoVolumes[0] &&
    Object.hasOwn(compose.volumes ?? {}, repoVolumes[0].slice('docker/'.length)),
  `repo1-path ${repoPath}, volumes ${repoVolumes.join(', ')}`,
);
const haproxyConf = mountOf(s.haproxy, '/usr/local/etc/haproxy/haproxy.cfg');
const listens = haproxyConf && existsSync(haproxyConf) ? haproxyListens(readFileSync(haproxyConf, 'utf8')) : {};
const routes = (name, endpoint) => {
  const l = listens[name];
  return (
    l &&
    new RegExp(`^option httpchk (OPTIONS|GET) ${endpoint}$`, 'm').test(l.body) &&
    /^http-check expect status 200$/m.test(l.body) &&
    /on-marked-down shutdown-sessions/.test(l.body) &&
    patroniNodes.every((n) => new RegExp(`^server \\S+ ${n}:5432 .*check port 8008`, 'm').test(l.body))
  );
};
check(
  "haproxy: the write port routes to the node Patroni's REST API calls leader (/primary), every node checked",
  routes('write', '/(primary|leader|master)'),
  haproxyConf,
);
check("haproxy: the read port routes to the replicas (Patroni's /replica)", routes('read', '/replica'));
const apiEnv = existsSync('docker/env/api.env.example') ? readFileSync('docker/env/api.env.example', 'utf8') : '';
const urlIn = (key) => {
  const v = new RegExp(`^${key}=(.+)$`, 'm').exec(apiEnv)?.[1];
  try {
    return v ? new URL(v.replace('<password>', 'x')) : null;
  } catch {
    return null;
  }
};
const dbUrl = urlIn('DATABASE_URL');
const readUrl = urlIn('DATABASE_READ_URL');
check(
  "the API's DATABASE_URL is HAProxy's write port, DATABASE_READ_URL its read port",
  dbUrl?.hostname === 'haproxy' &&
    dbUrl.port === listens.write?.port &&
    readUrl?.hostname === 'haproxy' &&
    readUrl.port === listens.read?.port &&
    s.api?.depends_on?.haproxy,
  `DATABASE_URL ${dbUrl?.host}, DATABASE_READ_URL ${readUrl?.host}, write ${listens.write?.port}, read ${listens.read?.port}`,
);
check(
  'no database port is published outside the compose network',
  [...patroniNodes, ...etcdNames, 'haproxy'].every((n) => !s[n]?.ports),
);

// Client IP (issue 27 item 1): the edge writes X-Forwarded-For, the balancer appends, the API
// believes only the compose network's hops.
const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
check(
  'the compose network has a fixed subnet and the API trusts proxies only there (TRUSTED_PROXIES)',
  subnet && s.api?.environment?.TRUSTED_PROXIES === subnet,
  `TRUSTED_PROXIES=${s.api?.environment?.TRUSTED_PROXIES}, subnet ${subnet}`,
);
const proxied = (file) => locations(readFileSync(file, 'utf8')).filter((l) => /\bproxy_pass\b/.test(l.body));
const edge = proxied('docker/nginx/shell.conf');
check(
  'the shell (the edge) sets X-Forwarded-For to the address it saw in every proxied location',
  edge.length >= 3 && edge.every((l) => /proxy_set_header X-Forwarded-For \$remote_addr;/.test(l.body)),
  edge
    .filter((l) => !/X-Forwarded-For \$remote_addr/.test(l.body))
    .map((l) => l.match)
    .join(', '),
);
const lb = proxied('docker/nginx/api-lb.conf');
check(
  'the API balancer appends to X-Forwarded-For in every location',
  lb.length >= 2 && lb.every((l) => /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/.test(l.body)),
  lb
    .filter((l) => !/proxy_add_x_forwarded_for/.test(l.body))
    .map((l) => l.match)
    .join(', '),
);

// The casino's site (issue 37 item 1): the API names only PUBLIC_ORIGIN in the challenges a wallet
// signs, and the shell (the edge) answers only for its host(s): server_name written from
// PUBLIC_ORIGIN at start, every other Host refused by a default server, the Host passed on whole.
check(
  'the API and the shell get the same PUBLIC_ORIGIN from the environment',
  String(s.api?.environment?.PUBLIC_ORIGIN).startsWith('${PUBLIC_ORIGIN') &&
    s.shell?.environment?.PUBLIC_ORIGIN === s.api?.environment?.PUBLIC_ORIGIN,
  `api: ${s.api?.environment?.PUBLIC_ORIGIN}, shell: ${s.shell?.environment?.PUBLIC_ORIGIN}`,
);
const shellServers = blocks(readFileSync('docker/nginx/shell.conf', 'utf8'), /\bserver\s*\{/g);
const fallback = shellServers.filter((b) => /^\s*listen\s+8080\s+default_server\s*;/m.test(b));
check(
  'shell: a default server refuses every other Host (444 or 421) and proxies nothing',
  fallback.length === 1 &&
    !/\bproxy_pass\b/.test(fallback[0]) &&
    locations(fallback[0]).some((l) => l.match === '/' && /^\s*return\s+(444|421)\s*;\s*$/.test(l.body)) &&
    locations(fallback[0]).every((l) => l.match === '= /healthz' || /^\s*return\s+(444|421)\s*;\s*$/.test(l.body)),
  `${fallback.length} default server(s)`,
);
const SERVER_NAME = '/etc/nginx/snippets/server-name.conf';
const named = shellServers.filter((b) => !fallback.includes(b));
check(
  "shell: every other server takes its server_name from PUBLIC_ORIGIN (server-name.sh's snippet)",
  named.length > 0 && named.every((b) => b.includes(`include ${SERVER_NAME};`) && !/^\s*server_name\b/m.test(b)),
);
check(
  'web images write the server_name snippet at start (/docker-entrypoint.d)',
  /COPY --chmod=755 docker\/nginx\/server-name\.sh \/docker-entrypoint\.d\/\d+-server-name\.sh/.test(
    readFileSync('docker/web.Dockerfile', 'utf8'),
  ),
);
const serverName = (origin) => {
  const dir = mkdtempSync(join(tmpdir(), 'server-name-'));
  try {
    const r = spawnSync('/bin/sh', ['docker/nginx/server-name.sh'], {
      env: {
        PATH: '/usr/bin:/bin',
        NGINX_CONF: 'docker/nginx/shell.conf',
        SERVER_NAME_SNIPPET: join(dir, 'server-name.conf'),
        ...(origin === undefined ? {} : { PUBLIC_ORIGIN: origin }),
      },
      encoding: 'utf8',
    });
    const out = existsSync(join(dir, 'server-name.conf')) ? readFileSync(join(dir, 'server-name.conf'), 'utf8') : '';
    return { status: r.status, out: out.trim(), err: r.stderr.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
const sample = serverName('https://casino.example,https://WWW.casino.example, http://localhost:8080');
const unset = serverName(undefined);
const bad = serverName('casino.example');
check(
  "server-name.sh: server_name lists PUBLIC_ORIGIN's hosts; a missing or bad PUBLIC_ORIGIN stops nginx",
  sample.status === 0 &&
    sample.out === 'server_name casino.example www.casino.example localhost;' &&
    unset.status !== 0 &&
    /PUBLIC_ORIGIN is required/.test(unset.err) &&
    bad.status !== 0 &&
    bad.out === '',
  JSON.stringify({ sample, unset, bad }),
);
const forwarded = [...proxied('docker/nginx/shell.conf'), ...proxied('docker/nginx/api-lb.conf')].filter((l) =>
  /proxy_set_header Host /.test(l.body),
);
check(
  'the shell and the balancer pass the Host on whole (port included: $http_host)',
  forwarded.length >= 5 && forwarded.every((l) => /proxy_set_header Host \$http_host;/.test(l.body)),
  forwarded
    .filter((l) => !/Host \$http_host;/.test(l.body))
    .map((l) => l.match)
    .join(', '),
);

// Headers on every page (issue 27 item 2): the API's own policy, rendered into a snippet that
// every static location of the shell and the remotes includes.
const SNIPPET = '/etc/nginx/snippets/security-headers.conf';
const template = readFileSync('docker/nginx/security-headers.conf.template', 'utf8');
const header = (name) => new RegExp(`^add_header ${name} "([^"]*)" always;$`, 'm').exec(template)?.[1];
const csp = header('content-security-policy') ?? '';
check(
  'security headers: a CSP that forbids framing and plugins and allows scripts only from self and the remotes',
  /frame-ancestors 'none'/.test(csp) &&
    /object-src 'none'/.test(csp) &&
    /script-src 'self' \$\{PUBLIC_GAMES_ORIGIN\} \$\{PUBLIC_CASHIER_ORIGIN\} \$\{PUBLIC_SECURITY_ORIGIN\};/.test(csp),
  csp,
);
check(
  'security headers: X-Frame-Options, HSTS, nosniff and Referrer-Policy on every answer (always)',
  header('x-frame-options') &&
    /^max-age=\d{7,}/.test(header('strict-transport-security') ?? '') &&
    header('x-content-type-options') === 'nosniff' &&
    header('referrer-policy'),
);
for (const app of ['shell', 'games-mfe', 'cashier-mfe', 'security-mfe']) {
  const statics = locations(readFileSync(`docker/nginx/${app}.conf`, 'utf8')).filter(
    (l) => !/\b(proxy_pass|return)\b/.test(l.body),
  );
  const bare = statics.filter((l) => !l.body.includes(`include ${SNIPPET};`));
  check(
    `${app}: every page and file carries the security headers`,
    statics.length >= 2 && bare.length === 0,
    bare.map((l) => l.match).join(', '),
  );
}
const web = readFileSync('docker/web.Dockerfile', 'utf8');
check(
  'web images render the headers snippet where the configs include it',
  /COPY docker\/nginx\/security-headers\.conf\.template \/etc\/nginx\/templates\//.test(web) &&
    /NGINX_ENVSUBST_OUTPUT_DIR=\/etc\/nginx\/snippets/.test(web),
);
check(
  "the shell and each remote get the remotes' origins for their CSP",
  ['shell', 'games', 'cashier', 'security'].every((n) =>
    ['PUBLIC_GAMES_ORIGIN', 'PUBLIC_CASHIER_ORIGIN', 'PUBLIC_SECURITY_ORIGIN'].every((k) =>
      String(s[n]?.environment?.[k]).startsWith('${'),
    ),
  ),
);

// Unknown pages (issue 40 item 9): the shell answers the app's pages (WEB_ROUTES, the route list
// the shell's router and the API share) with 200 and any other path without a file with the app and
// 404, as the API does: its pages' location carries webRoutePattern() exactly.
const webRoutes = await importTs('libs/contracts/src/lib/web-routes.ts');
const shellLocations = named.flatMap((b) => locations(b));
const pages = shellLocations.filter((l) => /^~\*\s/.test(l.match) && /try_files (?:\S+ )?\/index\.html\b/.test(l.body));
check(
  "shell: the app's pages (webRoutePattern() of libs/contracts' WEB_ROUTES) answer the app with 200",
  pages.length === 1 && pages[0].match === `~* "${webRoutes.webRoutePattern()}"`,
  `nginx: ${pages.map((l) => l.match).join(' | ')}; WEB_ROUTES: ${webRoutes.webRoutePattern()}`,
);
// Issue 42: each of those pages is its prerendered first screen (prerenderedPaths(), each in the
// file prerenderedPageName() names), as the API answers it; a page not prerendered is the app.
const shellConf = readFileSync('docker/nginx/shell.conf', 'utf8');
const entries = mapEntries(shellConf) ?? [];
const unmapped = webRoutes
  .prerenderedPaths()
  .flatMap((path) =>
    [path, path.toUpperCase(), path === '/' ? path : `${path}/`]
      .filter((uri) => mappedPage(entries, uri) !== webRoutes.prerenderedPageName(path))
      .map((uri) => `${uri} → "${mappedPage(entries, uri)}", not "${webRoutes.prerenderedPageName(path)}"`),
  );
const strays = ['/warp', '/zzz', '/game/nope', '/casino/x', '/index']
  .filter((uri) => mappedPage(entries, uri) !== '')
  .map((uri) => `${uri} → "${mappedPage(entries, uri)}"`);
check(
  'shell: each prerendered page (prerenderedPaths() of libs/contracts) maps to its file, no other page does',
  entries.length > 0 && unmapped.length === 0 && strays.length === 0,
  `${entries.length ? [...unmapped, ...strays].join('; ') : `no map $uri ${PAGE_VARIABLE}`} (run node tools/scripts/nginx-pages.mjs)`,
);
check(
  "shell: the app's pages answer their prerendered file, else the app",
  pages.length === 1 && pages[0].body.includes(`try_files /prerendered/${PAGE_VARIABLE}.html /index.html =404;`),
  pages[0]?.body,
);
const rest = shellLocations.find((l) => l.match === '/');
check(
  'shell: any other path is its file, or else the app answered 404',
  rest && /try_files \$uri =404;/.test(rest.body) && /error_page 404 \/index\.html;/.test(rest.body),
  rest?.body,
);

// Metrics (issue 25): Prometheus scrapes each API replica's metrics port on the compose network,
// Grafana is provisioned with it and the dashboard, and every metric a panel queries is one the
// API's registry exports: the names come from the metrics module's own catalogue, so renaming a
// metric there fails here until the dashboard follows.
const exported = await exportedMetricNames();
check('services: prometheus and grafana', s.prometheus?.image && s.grafana?.image);
const metricsPort = Number(s.api?.environment?.METRICS_PORT);
check(
  'the API serves /metrics on the compose network and publishes no metrics port',
  metricsPort > 0 && s.api?.environment?.METRICS_HOST === '0.0.0.0' && !s.api?.ports,
  `METRICS_PORT=${s.api?.environment?.METRICS_PORT}, METRICS_HOST=${s.api?.environment?.METRICS_HOST}`,
);
const promMount = mountOf(s.prometheus, '/etc/prometheus/prometheus.yml');
const prom = promMount && existsSync(promMount) ? YAML.parse(readFileSync(promMount, 'utf8')) : null;
const apiJob = prom?.scrape_configs?.find(
  (j) =>
    (j.dns_sd_configs ?? []).some((d) => d.names?.includes('api')) ||
    (j.static_configs ?? []).some((c) => c.targets?.some((t) => t.startsWith('api:'))),
);
const scrapedPorts = [
  ...(apiJob?.dns_sd_configs ?? []).map((d) => Number(d.port)),
  ...(apiJob?.static_configs ?? []).flatMap((c) => c.targets.map((t) => Number(t.split(':')[1]))),
];
check(
  "prometheus scrapes every API replica's metrics port (METRICS_PORT)",
  apiJob &&
    (apiJob.metrics_path ?? '/metrics') === '/metrics' &&
    scrapedPorts.length > 0 &&
    scrapedPorts.every((p) => p === metricsPort),
  `config ${promMount}, ports ${scrapedPorts.join(',')} vs ${metricsPort}`,
);
const provisioning = mountOf(s.grafana, '/etc/grafana/provisioning');
const dashboardsDir = mountOf(s.grafana, '/var/lib/grafana/dashboards');
const yamlFiles = (dir) =>
  dir && existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => YAML.parse(readFileSync(`${dir}/${f}`, 'utf8')))
    : [];
const datasources = yamlFiles(`${provisioning}/datasources`).flatMap((f) => f.datasources ?? []);
const promSource = datasources.find((d) => d.type === 'prometheus');
check(
  'grafana: a provisioned Prometheus data source at the prometheus service',
  promSource && promSource.url === 'http://prometheus:9090' && promSource.uid,
  JSON.stringify(promSource),
);
const providers = yamlFiles(`${provisioning}/dashboards`).flatMap((f) => f.providers ?? []);
check(
  'grafana: a dashboard provider reading the mounted dashboards folder',
  providers.some((p) => p.type === 'file' && p.options?.path === '/var/lib/grafana/dashboards'),
);
const dashboards =
  dashboardsDir && existsSync(dashboardsDir) ? readdirSync(dashboardsDir).filter((f) => f.endsWith('.json')) : [];
check('grafana: at least one dashboard JSON', dashboards.length > 0, dashboardsDir);
const queried = new Set();
for (const f of dashboards) {
  let dash;
  try {
    dash = JSON.parse(readFileSync(`${dashboardsDir}/${f}`, 'utf8'));
  } catch (e) {
    check(`${f} parses as JSON`, false, e.message);
    continue;
  }
  const panels = (dash.panels ?? []).flatMap((p) => (p.type === 'row' ? (p.panels ?? []) : [p]));
  check(
    `${f}: has panels, each with a query on the provisioned data source`,
    panels.length > 0 &&
      panels.every(
        (p) =>
          p.targets?.length > 0 &&
          [p.datasource, ...p.targets.map((t) => t.datasource)].every((d) => !d || d.uid === promSource?.uid),
      ),
  );
  for (const p of panels) {
    const names = (p.targets ?? []).flatMap((t) => metricNamesIn(t.expr ?? ''));
    const unknown = names.filter((n) => !exported.has(n));
    names.forEach((n) => queried.add(n));
    check(
      `${f}: panel "${p.title}" queries metrics the API exports`,
      names.length > 0 && unknown.length === 0,
      unknown.length ? `not in the API's registry: ${unknown.join(', ')}` : 'no metric in its queries',
    );
  }
}
const wanted = [
  'casino_http_request_duration_seconds_count',
  'casino_http_request_duration_seconds_bucket',
  'casino_bets_settled_total',
  'casino_wagered_total',
  'casino_paid_out_total',
  'casino_published_rtp',
  'casino_deposits',
  'casino_withdrawals',
  'casino_db_pool_connections',
  'casino_rate_limited_total',
  'casino_security_findings_total',
];
check(
  'the dashboard shows requests, latency, bets, house edge vs RTP, deposits/withdrawals, pool, rate limits and findings',
  wanted.every((n) => queried.has(n)),
  wanted.filter((n) => !queried.has(n)).join(', '),
);

if (spawnSync('which', ['docker-compose']).status === 0) {
  for (const f of examples) copyFileSync(`docker/env/${f}`, `docker/env/${f.replace('.example', '')}`);
  const r = spawnSync('docker-compose', ['-p', 'cosmic-casino', '-f', 'docker/compose.yaml', 'config', '-q'], {
    env: {
      ...process.env,
      PUBLIC_ORIGIN: 'https://casino.example',
      PUBLIC_GAMES_ORIGIN: 'https://games.example',
      PUBLIC_CASHIER_ORIGIN: 'https://cashier.example',
      PUBLIC_SECURITY_ORIGIN: 'https://security.example',
    },
    encoding: 'utf8',
  });
  for (const f of examples) rmSync(`docker/env/${f.replace('.example', '')}`);
  check('docker-compose config accepts the file', r.status === 0, r.stderr);
} else {
  console.log('docker-compose is not installed: the compose file was checked by parsing only');
}

for (const c of checks) console.log(`${c.ok ? '✓' : '✗'} ${c.name}${c.ok || !c.detail ? '' : `: ${c.detail}`}`);
const failed = checks.filter((c) => !c.ok).length;
console.log(`docker: ${checks.length - failed} passed, ${failed} failed`);
mkdirSync('tmp/test-results', { recursive: true });
writeFileSync('tmp/test-results/docker.json', JSON.stringify({ passed: checks.length - failed, failed }));
process.exit(failed ? 1 : 0);

/** The host path (relative to the repository root) a service mounts at `target`, or null. */
function mountOf(service, target) {
  const v = (service?.volumes ?? []).map(String).find((m) => m.split(':')[1] === target);
  return v ? `docker/${v.split(':')[0].replace(/^\.\//, '')}` : null;
}

/**
 * Every series name the API's registry exports: its casino_* catalogue (apps/api's
 * metric-catalogue.ts, transpiled here: it imports nothing) and prom-client's Node defaults.
 */
async function exportedMetricNames() {
  const catalogue = await importTs('apps/api/src/app/metrics/metric-catalogue.ts');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const defaults = registry
    .getMetricsAsArray()
    .flatMap((m) => (m.type === 'histogram' ? [`${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`] : [m.name]));
  return new Set([...catalogue.exportedSeries(), ...defaults]);
}

/** The metric names a PromQL expression reads (the API's prefixes; label values are quoted, so skipped). */
function metricNamesIn(expr) {
  const bare = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...new Set(bare.match(/\b(?:casino|nodejs|process)_[a-zA-Z0-9_:]*/g) ?? [])];
}

/** HAProxy's listen sections by name: the port each binds and its body (indentation dropped). */
function haproxyListens(conf) {
  const out = {};
  for (const part of conf.split(/^(?=\S)/m)) {
    const m = /^listen\s+(\S+)/.exec(part);
    if (!m) continue;
    const body = part
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .join('\n');
    out[m[1]] = { port: /^bind \S*:(\d+)/m.exec(body)?.[1], body };
  }
  return out;
}

/** The location blocks of an nginx config: what they match and their body. */
function locations(conf) {
  const re = /location\s+((?:[=~^*]+\s+)?(?:"[^"]*"|'[^']*'|[^\s{"']+))\s*\{/g;
  return [...conf.matchAll(re)].map((m) => ({ match: m[1].trim(), body: blockAt(conf, m.index + m[0].length) }));
}

/** The bodies of the blocks an nginx config opens where `re` (global, ending in "{") matches. */
function blocks(conf, re) {
  return [...conf.matchAll(re)].map((m) => blockAt(conf, m.index + m[0].length));
}

/** The body of the block whose "{" ends just before `start`, up to its matching "}". */
function blockAt(conf, start) {
  let depth = 1;
  let i = start;
  for (; i < conf.length && depth > 0; i++) depth += conf[i] === '{' ? 1 : conf[i] === '}' ? -1 : 0;
  return conf.slice(start, i - 1);
}
