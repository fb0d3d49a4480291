// Validates docker/: the compose file's topology and hygiene (parsed here, always), Prometheus and
// the Grafana dashboard against the API's own metric names, and `docker-compose config` when that
// client is installed (Docker itself cannot run on CI). Run from the repository root (or a copy of
// its docker/ and the metrics catalogue: tools/scripts/check-docker.spec.ts). Prints "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { collectDefaultMetrics, Registry } from 'prom-client';
import ts from 'typescript';
import YAML from 'yaml';

const checks = [];
const check = (name, ok, detail = '') => checks.push({ name, ok: Boolean(ok), detail });
const compose = YAML.parse(readFileSync('docker/compose.yaml', 'utf8'));
const s = compose.services;

check(
  'services: postgres, redis, api, api-lb, shell and three remotes',
  ['postgres', 'redis', 'api', 'api-lb', 'shell', 'games', 'cashier', 'security'].every((n) => s[n]),
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
  'postgres, redis and api-lb have health checks',
  ['postgres', 'redis', 'api-lb'].every((n) => s[n]?.healthcheck?.test),
);
check(
  'secrets only from env files',
  s.api?.env_file && s.postgres?.env_file && !JSON.stringify(compose).match(/PASSWORD=\w|SECRET=\w|MNEMONIC=\w/),
);
const examples = readdirSync('docker/env').filter((f) => f.endsWith('.env.example'));
check(
  'env examples carry no secret values',
  examples.every(
    (f) =>
      !readFileSync(`docker/env/${f}`, 'utf8').match(
        /^(POSTGRES_PASSWORD|SESSION_SECRET|HOUSE_MNEMONIC|OPERATOR_PASSWORD_HASH|VAULT_PASSWORD_HASH)=.+$/m,
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
  const source = readFileSync('apps/api/src/app/metrics/metric-catalogue.ts', 'utf8');
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const catalogue = await import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
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

/** The location blocks of an nginx config: what they match and their body. */
function locations(conf) {
  const out = [];
  const re = /location\s+((?:[=~^*]+\s+)?(?:"[^"]*"|'[^']*'|[^\s{"']+))\s*\{/g;
  for (let m; (m = re.exec(conf)); ) {
    let depth = 1;
    let i = re.lastIndex;
    for (; i < conf.length && depth > 0; i++) depth += conf[i] === '{' ? 1 : conf[i] === '}' ? -1 : 0;
    out.push({ match: m[1].trim(), body: conf.slice(re.lastIndex, i - 1) });
  }
  return out;
}
