// Validates docker/: the compose file's topology and hygiene (parsed here, always), and
// `docker-compose config` when that client is installed (Docker itself cannot run on CI).
// Prints "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import YAML from 'yaml';

const checks = [];
const check = (name, ok, detail = '') => checks.push({ name, ok: Boolean(ok), detail });
const compose = YAML.parse(readFileSync('docker/compose.yaml', 'utf8'));
const s = compose.services;

check('services: postgres, redis, api, api-lb, shell and three remotes', ['postgres', 'redis', 'api', 'api-lb', 'shell', 'games', 'cashier', 'security'].every((n) => s[n]));
check('the API runs 2 replicas', s.api?.deploy?.replicas === 2);
check('the API reaches Redis for shared rate limits', s.api?.environment?.REDIS_URL?.startsWith('redis://'));
check('each remote and the shell publish their own port (own origin)', new Set(['shell', 'games', 'cashier', 'security'].map((n) => s[n]?.ports?.[0]?.split(':')[0])).size === 4);
check('remote URLs come from the environment, not from the shell build', ['REMOTE_GAMES_URL', 'REMOTE_CASHIER_URL', 'REMOTE_SECURITY_URL'].every((k) => String(s.api?.environment?.[k]).startsWith('${')));
check('postgres, redis and api-lb have health checks', ['postgres', 'redis', 'api-lb'].every((n) => s[n]?.healthcheck?.test));
check('secrets only from env files', s.api?.env_file && s.postgres?.env_file && !JSON.stringify(compose).match(/PASSWORD=\w|SECRET=\w|MNEMONIC=\w/));
const examples = readdirSync('docker/env').filter((f) => f.endsWith('.env.example'));
check('env examples carry no secret values', examples.every((f) => !readFileSync(`docker/env/${f}`, 'utf8').match(/^(POSTGRES_PASSWORD|SESSION_SECRET|HOUSE_MNEMONIC|OPERATOR_PASSWORD_HASH|VAULT_PASSWORD_HASH)=.+$/m)));
for (const f of ['api.Dockerfile', 'web.Dockerfile']) {
  const text = readFileSync(`docker/${f}`, 'utf8');
  check(`${f} is multi-stage`, (text.match(/^FROM /gm) ?? []).length >= 2);
}
check('the API image runs as a non-root user with a health check', /^USER cosmic$/m.test(readFileSync('docker/api.Dockerfile', 'utf8')) && /HEALTHCHECK/.test(readFileSync('docker/api.Dockerfile', 'utf8')));
for (const app of ['shell', 'games-mfe', 'cashier-mfe', 'security-mfe']) check(`nginx config for ${app}`, existsSync(`docker/nginx/${app}.conf`));

// Client IP (issue 27 item 1): the edge writes X-Forwarded-For, the balancer appends, the API
// believes only the compose network's hops.
const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
check('the compose network has a fixed subnet and the API trusts proxies only there (TRUSTED_PROXIES)', subnet && s.api?.environment?.TRUSTED_PROXIES === subnet, `TRUSTED_PROXIES=${s.api?.environment?.TRUSTED_PROXIES}, subnet ${subnet}`);
const proxied = (file) => locations(readFileSync(file, 'utf8')).filter((l) => /\bproxy_pass\b/.test(l.body));
const edge = proxied('docker/nginx/shell.conf');
check('the shell (the edge) sets X-Forwarded-For to the address it saw in every proxied location', edge.length >= 3 && edge.every((l) => /proxy_set_header X-Forwarded-For \$remote_addr;/.test(l.body)), edge.filter((l) => !/X-Forwarded-For \$remote_addr/.test(l.body)).map((l) => l.match).join(', '));
const lb = proxied('docker/nginx/api-lb.conf');
check('the API balancer appends to X-Forwarded-For in every location', lb.length >= 2 && lb.every((l) => /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/.test(l.body)), lb.filter((l) => !/proxy_add_x_forwarded_for/.test(l.body)).map((l) => l.match).join(', '));

// Headers on every page (issue 27 item 2): the API's own policy, rendered into a snippet that
// every static location of the shell and the remotes includes.
const SNIPPET = '/etc/nginx/snippets/security-headers.conf';
const template = readFileSync('docker/nginx/security-headers.conf.template', 'utf8');
const header = (name) => new RegExp(`^add_header ${name} "([^"]*)" always;$`, 'm').exec(template)?.[1];
const csp = header('content-security-policy') ?? '';
check('security headers: a CSP that forbids framing and plugins and allows scripts only from self and the remotes', /frame-ancestors 'none'/.test(csp) && /object-src 'none'/.test(csp) && /script-src 'self' \$\{PUBLIC_GAMES_ORIGIN\} \$\{PUBLIC_CASHIER_ORIGIN\} \$\{PUBLIC_SECURITY_ORIGIN\};/.test(csp), csp);
check('security headers: X-Frame-Options, HSTS, nosniff and Referrer-Policy on every answer (always)', header('x-frame-options') && /^max-age=\d{7,}/.test(header('strict-transport-security') ?? '') && header('x-content-type-options') === 'nosniff' && header('referrer-policy'));
for (const app of ['shell', 'games-mfe', 'cashier-mfe', 'security-mfe']) {
  const statics = locations(readFileSync(`docker/nginx/${app}.conf`, 'utf8')).filter((l) => !/\b(proxy_pass|return)\b/.test(l.body));
  const bare = statics.filter((l) => !l.body.includes(`include ${SNIPPET};`));
  check(`${app}: every page and file carries the security headers`, statics.length >= 2 && bare.length === 0, bare.map((l) => l.match).join(', '));
}
const web = readFileSync('docker/web.Dockerfile', 'utf8');
check('web images render the headers snippet where the configs include it', /COPY docker\/nginx\/security-headers\.conf\.template \/etc\/nginx\/templates\//.test(web) && /NGINX_ENVSUBST_OUTPUT_DIR=\/etc\/nginx\/snippets/.test(web));
check('the shell and each remote get the remotes\' origins for their CSP', ['shell', 'games', 'cashier', 'security'].every((n) => ['PUBLIC_GAMES_ORIGIN', 'PUBLIC_CASHIER_ORIGIN', 'PUBLIC_SECURITY_ORIGIN'].every((k) => String(s[n]?.environment?.[k]).startsWith('${'))));

if (spawnSync('which', ['docker-compose']).status === 0) {
  for (const f of examples) copyFileSync(`docker/env/${f}`, `docker/env/${f.replace('.example', '')}`);
  const r = spawnSync('docker-compose', ['-p', 'cosmic-casino', '-f', 'docker/compose.yaml', 'config', '-q'], {
    env: { ...process.env, PUBLIC_GAMES_ORIGIN: 'https://games.example', PUBLIC_CASHIER_ORIGIN: 'https://cashier.example', PUBLIC_SECURITY_ORIGIN: 'https://security.example' },
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
