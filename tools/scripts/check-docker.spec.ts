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

/** Runs the check on a copy of the repository's docker/ and catalogue, after `edit` changes the copy. */
function runOnCopy(edit: (dir: string) => void = () => undefined): { status: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'check-docker-'));
  try {
    cpSync(join(ROOT, 'docker'), join(dir, 'docker'), { recursive: true });
    mkdirSync(dirname(join(dir, CATALOGUE)), { recursive: true });
    cpSync(join(ROOT, CATALOGUE), join(dir, CATALOGUE));
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
});
