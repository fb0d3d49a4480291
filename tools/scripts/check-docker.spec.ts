// check-docker.mjs (the `docker` step of npm test) on copies of docker/ and the API's metrics
// catalogue: the real files pass, and a metric renamed in the API or mistyped in the dashboard
// fails the check, naming the panel and the metric.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '../..');
const CATALOGUE = 'apps/api/src/app/metrics/metric-catalogue.ts';
const DASHBOARD = 'docker/grafana/dashboards/cosmic-casino.json';
const WEB_ROUTES = 'libs/contracts/src/lib/web-routes.ts';
const SHELL_CONF = 'docker/nginx/shell.conf';

/** Runs the check on a copy of the repository's docker/ and catalogue, after `edit` changes the copy. */
function runOnCopy(edit: (dir: string) => void = () => undefined): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'check-docker-'));
  try {
    cpSync(join(ROOT, 'docker'), join(dir, 'docker'), { recursive: true });
    for (const file of [CATALOGUE, WEB_ROUTES]) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      cpSync(join(ROOT, file), join(dir, file));
    }
    edit(dir);
    const r = spawnSync(process.execPath, [join(ROOT, 'tools/scripts/check-docker.mjs')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: '/nonexistent' },
    });
    return { status: r.status, out: r.stdout + r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const replaceIn = (dir: string, file: string, from: string, to: string) => {
  const text = readFileSync(join(dir, file), 'utf8');
  if (!text.includes(from)) throw new Error(`${from} not in ${file}`);
  writeFileSync(join(dir, file), text.split(from).join(to));
};

describe('check-docker.mjs', () => {
  it('passes on the repository as it is, checking every dashboard panel', () => {
    const r = runOnCopy();
    expect(r.out).toMatch(/docker: \d+ passed, 0 failed/);
    expect(r.status).toBe(0);
    const panels = JSON.parse(readFileSync(join(ROOT, DASHBOARD), 'utf8')).panels as Array<{ title: string }>;
    for (const p of panels)
      expect(r.out).toContain(`✓ cosmic-casino.json: panel "${p.title}" queries metrics the API exports`);
  });

  it('fails when the API renames a metric the dashboard queries', () => {
    const r = runOnCopy((dir) =>
      replaceIn(dir, CATALOGUE, "'casino_rate_limited_total'", "'casino_rate_limit_refusals_total'"),
    );
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      '✗ cosmic-casino.json: panel "Rate-limit refusals/s" queries metrics the API exports: not in the API\'s registry: casino_rate_limited_total',
    );
    expect(r.out).toMatch(/docker: \d+ passed, 1 failed/);
  });

  it('fails on a mistyped metric in a panel, and on a dashboard that does not parse', () => {
    const typo = runOnCopy((dir) =>
      replaceIn(dir, DASHBOARD, 'nodejs_eventloop_lag_seconds', 'nodejs_event_loop_lag_seconds'),
    );
    expect(typo.status).toBe(1);
    expect(typo.out).toContain(
      '✗ cosmic-casino.json: panel "Event-loop lag and memory" queries metrics the API exports: not in the API\'s registry: nodejs_event_loop_lag_seconds',
    );
    const broken = runOnCopy((dir) => writeFileSync(join(dir, DASHBOARD), '{"panels": ['));
    expect(broken.status).toBe(1);
    expect(broken.out).toContain('✗ cosmic-casino.json parses as JSON');
  });

  it('fails when Prometheus scrapes another port than the API serves metrics on', () => {
    const r = runOnCopy((dir) => replaceIn(dir, 'docker/prometheus/prometheus.yml', 'port: 9464', 'port: 9100'));
    expect(r.status).toBe(1);
    expect(r.out).toContain("✗ prometheus scrapes every API replica's metrics port (METRICS_PORT)");
  });

  // issue 37 item 1: the edge answered any Host and the API named that Host in signed challenges
  it('fails when the shell answers any Host: no default server refusing it, or no server_name', () => {
    const open = runOnCopy((dir) =>
      replaceIn(dir, 'docker/nginx/shell.conf', 'listen 8080 default_server;', 'listen 8080;'),
    );
    expect(open.status).toBe(1);
    expect(open.out).toContain('✗ shell: a default server refuses every other Host (444 or 421) and proxies nothing');
    const answering = runOnCopy((dir) =>
      replaceIn(dir, 'docker/nginx/shell.conf', 'location / { return 444; }', 'location / { return 200; }'),
    );
    expect(answering.status).toBe(1);
    expect(answering.out).toContain('✗ shell: a default server refuses every other Host (444 or 421)');
    const unnamed = runOnCopy((dir) =>
      replaceIn(dir, 'docker/nginx/shell.conf', 'include /etc/nginx/snippets/server-name.conf;', ''),
    );
    expect(unnamed.status).toBe(1);
    expect(unnamed.out).toContain(
      "✗ shell: every other server takes its server_name from PUBLIC_ORIGIN (server-name.sh's snippet)",
    );
  });

  // issue 40 item 9: the shell's nginx answered /zzz and /game/nope with 200
  it('fails when the shell and the route list disagree, or nginx answers an unknown page 200', () => {
    const added = runOnCopy((dir) =>
      replaceIn(dir, WEB_ROUTES, "  poker: '/poker',", "  poker: '/poker',\n  vip: '/vip',"),
    );
    expect(added.status).toBe(1);
    expect(added.out).toContain(
      "✗ shell: the app's pages (webRoutePattern() of libs/contracts' WEB_ROUTES) answer the app with 200",
    );
    // and the new page is prerendered (issue 42) but nginx has no file for it
    expect(added.out).toContain(
      '✗ shell: each prerendered page (prerenderedPaths() of libs/contracts) maps to its file, no other page does: /vip → "", not "vip"',
    );
    expect(added.out).toMatch(/docker: \d+ passed, 2 failed/);
    const fallback = runOnCopy((dir) =>
      replaceIn(
        dir,
        'docker/nginx/shell.conf',
        'try_files $uri =404; error_page 404 /index.html;',
        'try_files $uri /index.html;',
      ),
    );
    expect(fallback.status).toBe(1);
    expect(fallback.out).toContain('✗ shell: any other path is its file, or else the app answered 404');
  });

  // issue 42: nginx answered every page with index.html while the API answered its prerendered first screen
  it('fails when a prerendered page has no file mapping in nginx, or the pages do not use it', () => {
    const dropped = runOnCopy((dir) => replaceIn(dir, SHELL_CONF, '  "~*^/game/dice/?$" game.dice;\n', ''));
    expect(dropped.status).toBe(1);
    expect(dropped.out).toContain(
      '✗ shell: each prerendered page (prerenderedPaths() of libs/contracts) maps to its file, no other page does: /game/dice → "", not "game.dice"; /GAME/DICE → "", not "game.dice"; /game/dice/ → "", not "game.dice"',
    );
    expect(dropped.out).toMatch(/docker: \d+ passed, 1 failed/);
    const wrong = runOnCopy((dir) => replaceIn(dir, SHELL_CONF, '" game.dice;', '" game.slots;'));
    expect(wrong.out).toContain('/game/dice → "game.slots", not "game.dice"');
    expect(wrong.status).toBe(1);
    const warp = runOnCopy((dir) =>
      replaceIn(dir, SHELL_CONF, '  default "";', '  default "";\n  "~*^/warp/?$" index;'),
    );
    expect(warp.out).toContain('maps to its file, no other page does: /warp → "index"');
    expect(warp.status).toBe(1);
    const unused = runOnCopy((dir) =>
      replaceIn(
        dir,
        SHELL_CONF,
        'try_files /prerendered/$prerendered_page.html /index.html =404;',
        'try_files /index.html =404;',
      ),
    );
    expect(unused.status).toBe(1);
    expect(unused.out).toContain("✗ shell: the app's pages answer their prerendered file, else the app");
    expect(unused.out).toMatch(/docker: \d+ passed, 1 failed/);
  });

  it('nginx-pages.mjs writes the mapping from the route list: a new page is mapped to its file', () => {
    const r = runOnCopy((dir) => {
      replaceIn(dir, WEB_ROUTES, "  poker: '/poker',", "  poker: '/poker',\n  vipLounge: '/vip/lounge',");
      const w = spawnSync(process.execPath, [join(ROOT, 'tools/scripts/nginx-pages.mjs')], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(w.stdout).toContain('15 prerendered pages mapped');
      expect(readFileSync(join(dir, SHELL_CONF), 'utf8')).toContain('  "~*^/vip/lounge/?$" vip.lounge;\n');
    });
    // only the hand-kept pages pattern lags behind the new route
    expect(r.out).toContain(
      '✓ shell: each prerendered page (prerenderedPaths() of libs/contracts) maps to its file, no other page does',
    );
    expect(r.out).toContain("✗ shell: the app's pages (webRoutePattern() of libs/contracts' WEB_ROUTES)");
    expect(r.out).toMatch(/docker: \d+ passed, 1 failed/);
  });

  it('fails when the API does not get PUBLIC_ORIGIN, or the Host is passed on without its port', () => {
    const r = runOnCopy((dir) =>
      replaceIn(
        dir,
        'docker/compose.yaml',
        '      PUBLIC_ORIGIN: ${PUBLIC_ORIGIN:?set PUBLIC_ORIGIN}\n      REDIS_URL',
        '      REDIS_URL',
      ),
    );
    expect(r.status).toBe(1);
    expect(r.out).toContain('✗ the API and the shell get the same PUBLIC_ORIGIN from the environment');
    const stripped = runOnCopy((dir) =>
      replaceIn(dir, 'docker/nginx/api-lb.conf', 'proxy_set_header Host $http_host;', 'proxy_set_header Host $host;'),
    );
    expect(stripped.status).toBe(1);
    expect(stripped.out).toContain('✗ the shell and the balancer pass the Host on whole (port included: $http_host)');
  });

  it('fails when server-name.sh writes a wrong server_name or lets nginx start without PUBLIC_ORIGIN', () => {
    const r = runOnCopy((dir) => replaceIn(dir, 'docker/nginx/server-name.sh', '  exit 1\nfi', 'fi'));
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      "✗ server-name.sh: server_name lists PUBLIC_ORIGIN's hosts; a missing or bad PUBLIC_ORIGIN stops nginx",
    );
  });
  // issue 39 item 3: one PostgreSQL with no replica, no WAL archive and no backup
  it('fails when replication is asynchronous, or writes are not sent to the leader by Patroni', () => {
    const async = runOnCopy((dir) =>
      replaceIn(dir, 'docker/patroni/patroni.yml.template', 'synchronous_mode: true', 'synchronous_mode: false'),
    );
    expect(async.status).toBe(1);
    expect(async.out).toContain(
      '✗ Patroni: synchronous_mode on (an acknowledged commit is on two nodes), not strict: synchronous_mode false',
    );
    const anyNode = runOnCopy((dir) =>
      replaceIn(dir, 'docker/haproxy/haproxy.cfg', 'option httpchk OPTIONS /primary', 'option httpchk OPTIONS /health'),
    );
    expect(anyNode.status).toBe(1);
    expect(anyNode.out).toContain(
      "✗ haproxy: the write port routes to the node Patroni's REST API calls leader (/primary), every node checked",
    );
    const direct = runOnCopy((dir) => replaceIn(dir, 'docker/env/api.env.example', '@haproxy:5000/', '@pg1:5432/'));
    expect(direct.status).toBe(1);
    expect(direct.out).toContain("✗ the API's DATABASE_URL is HAProxy's write port, DATABASE_READ_URL its read port");
  });

  it('fails when a node does not archive into the shared pgBackRest repository, or a node or etcd member is missing', () => {
    const noRepo = runOnCopy((dir) =>
      replaceIn(
        dir,
        'docker/compose.yaml',
        '      - pg3-data:/var/lib/postgresql/data\n      - pgbackrest-repo:/var/lib/pgbackrest\n',
        '      - pg3-data:/var/lib/postgresql/data\n',
      ),
    );
    expect(noRepo.status).toBe(1);
    expect(noRepo.out).toContain(
      "✗ every Patroni node mounts one pgBackRest repository volume at pgbackrest.conf's repo1-path",
    );
    const noArchive = runOnCopy((dir) =>
      replaceIn(dir, 'docker/patroni/patroni.yml.template', 'archive_mode: "on"', 'archive_mode: "off"'),
    );
    expect(noArchive.status).toBe(1);
    expect(noArchive.out).toContain('✗ Patroni: WAL archived by pgBackRest');
    const twoEtcd = runOnCopy((dir) =>
      replaceIn(
        dir,
        'docker/compose.yaml',
        'image: quay.io/coreos/etcd:v3.5.17\n    environment:\n      ETCD_NAME: etcd3',
        'image: busybox\n    environment:\n      ETCD_NAME: etcd3',
      ),
    );
    expect(twoEtcd.status).toBe(1);
    expect(twoEtcd.out).toContain('✗ three etcd members, each knowing all three (ETCD_INITIAL_CLUSTER)');
  });
});
