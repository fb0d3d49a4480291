// `npm run cluster -- up|down|status|backup|check|restore`: a replicated PostgreSQL on loopback for
// tests, made of the engines production runs (docker/compose.yaml): one etcd member, two
// PostgreSQL 15 nodes managed by Patroni (synchronous_mode), HAProxy sending writes to the leader
// through Patroni's REST checks, and pgBackRest archiving WAL into a repository for point-in-time
// restores. Everything lives in tmp/cluster/ (CLUSTER_DIR) on ports from CLUSTER_PORT_BASE (15000).
//
//   up                          starts what is missing, waits for a leader, a sync standby and a
//                               write through HAProxy, prints the URLs (idempotent)
//   down                        stops every process it started and removes the folder
//   status                      what is running, and the URLs
//   backup [--type full|diff|incr]          a pgBackRest backup of the leader
//   check                       switches WAL and waits until it is archived (pgbackrest check)
//   restore --time T [--port P] restores the backups and WAL up to T into a fresh data folder and
//                               starts it as a standalone PostgreSQL on P (the cluster is untouched)
//
// `--json` prints the answer as one JSON object (the reliability tests read it). PostgreSQL,
// Patroni and pgBackRest run as the `postgres` system user: PostgreSQL refuses to run as root.
import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import YAML from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = resolve(process.env.CLUSTER_DIR ?? join(ROOT, 'tmp/cluster'));
const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 15000);
const BIN = '/usr/lib/postgresql/15/bin';
const OS_USER = 'postgres';
const SCOPE = 'cosmic';
const STANZA = 'cosmic';

const PORTS = {
  write: BASE,
  read: BASE + 1,
  etcdClient: BASE + 379,
  etcdPeer: BASE + 380,
  nodes: [
    { name: 'node1', pg: BASE + 432, rest: BASE + 8 },
    { name: 'node2', pg: BASE + 433, rest: BASE + 9 },
  ],
  restore: BASE + 440,
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const nodeDir = (n) => join(DIR, n.name);
const pgbackrestConf = (n) => join(nodeDir(n), 'pgbackrest.conf');
const pidFile = (name) => join(DIR, 'pids', `${name}.pid`);

/** The URLs and files a test or a developer needs. */
export function info() {
  return {
    dir: DIR,
    writeUrl: `postgres://postgres@127.0.0.1:${PORTS.write}/postgres`,
    readUrl: `postgres://postgres@127.0.0.1:${PORTS.read}/postgres`,
    etcd: `http://127.0.0.1:${PORTS.etcdClient}`,
    nodes: PORTS.nodes.map((n) => ({
      name: n.name,
      url: `postgres://postgres@127.0.0.1:${n.pg}/postgres`,
      rest: `http://127.0.0.1:${n.rest}`,
      dataDir: join(nodeDir(n), 'data'),
      postmasterPidFile: join(nodeDir(n), 'data', 'postmaster.pid'),
      patroniPidFile: pidFile(`patroni-${n.name}`),
      pgbackrestConfig: pgbackrestConf(n),
    })),
  };
}

/** Installs the Debian packages when missing (tools/scripts/ensure-cluster-tools.sh). */
function ensureTools() {
  // its progress goes to stderr: stdout carries the answer (one JSON line with --json)
  const r = spawnSync('bash', [join(ROOT, 'tools/scripts/ensure-cluster-tools.sh')], { stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error('the cluster tools (patroni, etcd, haproxy, pgbackrest) are missing');
}

/** Brings the cluster up (or finds it up) and returns `status()` once a write through HAProxy commits. */
export async function up({ timeoutMs = 120_000 } = {}) {
  if (existsSync(join(DIR, 'state.json'))) {
    if (allAlive()) {
      await waitHealthy(timeoutMs);
      return status();
    }
    await down(); // a partial cluster (a crash, a killed run): start again from nothing
  }
  ensureTools();
  mkdirSync(join(DIR, 'pids'), { recursive: true });
  writeFileSync(join(DIR, 'state.json'), JSON.stringify({ startedAt: new Date().toISOString(), ports: PORTS }));
  writeConfigs();

  start('etcd', 'etcd', [
    '--name=etcd1',
    `--data-dir=${join(DIR, 'etcd')}`,
    `--listen-client-urls=http://127.0.0.1:${PORTS.etcdClient}`,
    `--advertise-client-urls=http://127.0.0.1:${PORTS.etcdClient}`,
    `--listen-peer-urls=http://127.0.0.1:${PORTS.etcdPeer}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${PORTS.etcdPeer}`,
    `--initial-cluster=etcd1=http://127.0.0.1:${PORTS.etcdPeer}`,
    '--initial-cluster-state=new',
    `--initial-cluster-token=${SCOPE}-${BASE}`,
  ]);
  await waitFor('etcd', timeoutMs, async () => (await fetch(`${info().etcd}/health`)).ok);

  // the first node bootstraps the cluster and becomes leader; the second clones it
  const [first, second] = PORTS.nodes;
  startPatroni(first);
  await waitFor(
    `${first.name} to lead`,
    timeoutMs,
    async () => (await fetch(`http://127.0.0.1:${first.rest}/primary`)).ok,
  );
  startPatroni(second);
  start('haproxy', 'haproxy', ['-f', join(DIR, 'haproxy.cfg')]);

  runAsPostgres('pgbackrest', [`--config=${pgbackrestConf(first)}`, `--stanza=${STANZA}`, 'stanza-create']);
  await waitHealthy(timeoutMs);
  runAsPostgres('pgbackrest', [`--config=${pgbackrestConf(first)}`, `--stanza=${STANZA}`, 'check']);
  return status();
}

/** Stops every process this folder's pid files name (only if it is still ours), then removes the folder. */
export async function down() {
  const restores = existsSync(DIR) ? listRestores() : [];
  for (const r of restores) pgCtlStop(r.dataDir);
  // Patroni stops its PostgreSQL on SIGTERM; then the balancer and the consensus store
  await Promise.all(PORTS.nodes.map((n) => stop(`patroni-${n.name}`)));
  for (const name of ['haproxy', 'etcd']) await stop(name);
  // a PostgreSQL left behind by a killed Patroni: its postmaster.pid, checked against its data folder
  for (const n of PORTS.nodes) {
    const data = join(nodeDir(n), 'data');
    const pid = postmasterPid(data);
    if (pid && isOurs(pid, data)) pgCtlStop(data);
  }
  rmSync(DIR, { recursive: true, force: true });
  return { down: true, dir: DIR };
}

/** What runs, who leads, which standby is synchronous, and the URLs. */
export async function status() {
  const members = await clusterMembers();
  const processes = Object.fromEntries(
    ['etcd', 'haproxy', ...PORTS.nodes.map((n) => `patroni-${n.name}`)].map((name) => [name, alivePid(name)]),
  );
  return {
    ...info(),
    up: existsSync(join(DIR, 'state.json')),
    processes,
    members,
    leader: members.find((m) => m.role === 'leader')?.name ?? null,
    syncStandby: members.find((m) => m.role === 'sync_standby')?.name ?? null,
    restores: existsSync(DIR) ? listRestores() : [],
  };
}

/** A pgBackRest backup of the current leader; returns its label and how long it took. */
export async function backup({ type = 'full' } = {}) {
  const leader = await leaderNode();
  const t = Date.now();
  runAsPostgres('pgbackrest', [`--config=${pgbackrestConf(leader)}`, `--stanza=${STANZA}`, `--type=${type}`, 'backup']);
  const seconds = (Date.now() - t) / 1000;
  const infoJson = JSON.parse(
    runAsPostgres('pgbackrest', [`--config=${pgbackrestConf(leader)}`, `--stanza=${STANZA}`, '--output=json', 'info']),
  );
  const backups = infoJson[0]?.backup ?? [];
  // pgBackRest's stop time (whole seconds, taken once the backup's WAL is archived): a
  // point-in-time restore can target only a time after it
  const stoppedAt = backups.at(-1)?.timestamp?.stop;
  return { label: backups.at(-1)?.label, type, seconds, from: leader.name, stoppedAt };
}

/** Switches to a new WAL segment on the leader and waits until the archive has it (pgbackrest check). */
export async function check() {
  const leader = await leaderNode();
  const t = Date.now();
  runAsPostgres('pgbackrest', [`--config=${pgbackrestConf(leader)}`, `--stanza=${STANZA}`, 'check']);
  return { archived: true, seconds: (Date.now() - t) / 1000 };
}

/**
 * Restores the repository to `time` into a fresh data folder and starts it alone on `port`:
 * `pgbackrest restore --type=time --target=… --target-action=promote`, then PostgreSQL replays the
 * archived WAL up to the target and promotes. Resolves when it answers as a primary.
 */
export async function restore({ time, port = PORTS.restore, timeoutMs = 180_000 }) {
  if (!time) throw new Error('restore needs --time (a timestamp with its time zone)');
  const dir = join(DIR, `restore-${port}`);
  const data = join(dir, 'data');
  if (existsSync(data)) throw new Error(`${data} exists: run down, or restore on another --port`);
  mkdirSync(data, { recursive: true, mode: 0o700 });
  ownByPostgres(dir);
  ownByPostgres(data);
  const t = Date.now();
  runAsPostgres('pgbackrest', [
    `--config=${pgbackrestConf(PORTS.nodes[0])}`,
    `--stanza=${STANZA}`,
    `--pg1-path=${data}`,
    '--type=time',
    `--target=${time}`,
    '--target-action=promote',
    // the restored node is no member of the cluster: it archives nothing into the cluster's repository
    '--archive-mode=off',
    'restore',
  ]);
  // Patroni's settings came along in the backup: this node has its own port, socket, hba and no sync standby
  const auto = join(data, 'postgresql.auto.conf');
  writeFileSync(
    auto,
    readFileSync(auto, 'utf8') +
      [
        '# a standalone restore (tools/scripts/cluster.mjs)',
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        `hba_file = '${join(data, 'pg_hba.conf')}'`,
        `ident_file = '${join(data, 'pg_ident.conf')}'`,
        "synchronous_standby_names = ''",
        "primary_conninfo = ''",
        "cluster_name = 'restore'",
        '',
      ].join('\n'),
  );
  const restoredIn = (Date.now() - t) / 1000;
  runAsPostgres(join(BIN, 'pg_ctl'), ['-D', data, '-l', join(dir, 'postgresql.log'), '-w', '-t', '120', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await waitFor(`the restore on ${port} to promote`, timeoutMs, async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return !(await c.query('SELECT pg_is_in_recovery() AS r')).rows[0].r;
    } finally {
      await c.end();
    }
  });
  return {
    url,
    port,
    dataDir: data,
    postmasterPidFile: join(data, 'postmaster.pid'),
    restoredIn,
    startedIn: (Date.now() - t) / 1000 - restoredIn,
  };
}

// ---------------------------------------------------------------------------------------------

function writeConfigs() {
  const nodes = PORTS.nodes;
  const repo = join(DIR, 'pgbackrest');
  for (const sub of ['repo', 'log', 'lock', 'spool']) mkdirSync(join(repo, sub), { recursive: true });
  ownByPostgres(repo, true);
  for (const n of nodes) {
    const d = nodeDir(n);
    mkdirSync(d, { recursive: true, mode: 0o700 });
    ownByPostgres(d);
    writeFileSync(
      pgbackrestConf(n),
      [
        '[global]',
        `repo1-path=${join(repo, 'repo')}`,
        'repo1-retention-full=2',
        `log-path=${join(repo, 'log')}`,
        `lock-path=${join(repo, 'lock')}`,
        `spool-path=${join(repo, 'spool')}`,
        'log-level-console=warn',
        'log-level-file=info',
        // a backup starts at once (an immediate checkpoint), not at the next scheduled one
        'start-fast=y',
        '',
        `[${STANZA}]`,
        `pg1-path=${join(d, 'data')}`,
        `pg1-port=${n.pg}`,
        `pg1-socket-path=${d}`,
        `pg1-user=${OS_USER}`,
        '',
      ].join('\n'),
    );
    const pgbackrest = `pgbackrest --config=${pgbackrestConf(n)} --stanza=${STANZA}`;
    writeFileSync(
      join(d, 'patroni.yml'),
      YAML.stringify({
        scope: SCOPE,
        namespace: `/cosmic-local-${BASE}/`,
        name: n.name,
        log: { level: 'INFO' },
        restapi: { listen: `127.0.0.1:${n.rest}`, connect_address: `127.0.0.1:${n.rest}` },
        etcd3: { hosts: [`127.0.0.1:${PORTS.etcdClient}`] },
        bootstrap: {
          dcs: {
            // a leader that stops renewing its lock for 10 s is replaced (loop_wait + 2 × retry_timeout ≤ ttl)
            ttl: 10,
            loop_wait: 2,
            retry_timeout: 4,
            maximum_lag_on_failover: 1048576,
            // a commit is acknowledged only once the synchronous standby has it: RPO 0 on failover,
            // and Patroni promotes only that standby. Not strict: with the standby gone the leader
            // keeps accepting writes alone (the README's "Database high availability and backups")
            synchronous_mode: true,
            synchronous_mode_strict: false,
            postgresql: {
              use_pg_rewind: true,
              use_slots: true,
              parameters: {
                wal_level: 'replica',
                hot_standby: 'on',
                wal_log_hints: 'on',
                max_wal_senders: 10,
                max_replication_slots: 10,
                max_connections: 200,
                archive_mode: 'on',
                archive_timeout: 60,
              },
            },
          },
          initdb: [{ encoding: 'UTF8' }, 'data-checksums'],
        },
        postgresql: {
          listen: `127.0.0.1:${n.pg}`,
          connect_address: `127.0.0.1:${n.pg}`,
          data_dir: join(d, 'data'),
          bin_dir: BIN,
          pgpass: join(d, 'pgpass'),
          // loopback only, for tests: production (docker/patroni) authenticates with passwords
          pg_hba: ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'],
          authentication: {
            superuser: { username: 'postgres' },
            replication: { username: 'replicator', password: 'replicator' },
            rewind: { username: 'postgres' },
          },
          parameters: {
            unix_socket_directories: d,
            archive_command: `${pgbackrest} archive-push "%p"`,
          },
          // a replica that fell behind the leader's kept WAL catches up from the archive
          recovery_conf: { restore_command: `${pgbackrest} archive-get %f "%p"` },
        },
        tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
      }),
    );
    chownSync(join(d, 'patroni.yml'), uid(), gid());
  }
  const servers = nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pg} check port ${n.rest}`).join('\n');
  writeFileSync(
    join(DIR, 'haproxy.cfg'),
    `# writes go to the node whose Patroni answers 200 on /primary (it holds the leader lock);
# reads to those answering 200 on /replica. A node marked down has its sessions cut at once.
global
  maxconn 400

defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s

listen write
  bind 127.0.0.1:${PORTS.write}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers}

listen read
  bind 127.0.0.1:${PORTS.read}
  balance roundrobin
  option httpchk OPTIONS /replica
  http-check expect status 200
  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers}
`,
  );
}

function startPatroni(n) {
  start(
    `patroni-${n.name}`,
    'setpriv',
    [`--reuid=${OS_USER}`, `--regid=${OS_USER}`, '--init-groups', 'patroni', join(nodeDir(n), 'patroni.yml')],
    { HOME: nodeDir(n) },
  );
}

/** Starts a long-running process detached, its output in <name>.log and its pid in pids/<name>.pid. */
function start(name, cmd, args, env = {}) {
  if (alivePid(name)) return;
  const log = openSync(join(DIR, `${name}.log`), 'a');
  const child = spawn(cmd, args, {
    cwd: DIR,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  closeSync(log);
  child.unref();
  writeFileSync(pidFile(name), String(child.pid));
}

/** The pid in pids/<name>.pid if that process is alive and still one this cluster started. */
function alivePid(name) {
  if (!existsSync(pidFile(name))) return null;
  const pid = Number(readFileSync(pidFile(name), 'utf8'));
  return pid && isOurs(pid, DIR) ? pid : null;
}

function allAlive() {
  return ['etcd', 'haproxy', ...PORTS.nodes.map((n) => `patroni-${n.name}`)].every((n) => alivePid(n));
}

/** A process is ours only while its command line names our folder (a recycled pid is someone else's). */
function isOurs(pid, mark) {
  try {
    process.kill(pid, 0);
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(mark);
  } catch {
    return false;
  }
}

async function stop(name) {
  const pid = alivePid(name);
  if (!pid) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 150 && isOurs(pid, DIR); i++) await sleep(100);
  if (isOurs(pid, DIR)) process.kill(pid, 'SIGKILL');
}

function postmasterPid(data) {
  const f = join(data, 'postmaster.pid');
  return existsSync(f) ? Number(readFileSync(f, 'utf8').split('\n')[0]) : null;
}

function pgCtlStop(data) {
  if (!existsSync(join(data, 'postmaster.pid'))) return;
  spawnSync(
    'setpriv',
    [
      `--reuid=${OS_USER}`,
      `--regid=${OS_USER}`,
      '--init-groups',
      join(BIN, 'pg_ctl'),
      '-D',
      data,
      '-m',
      'immediate',
      '-w',
      'stop',
    ],
    {
      stdio: 'ignore',
    },
  );
}

/** The restored nodes `restore` started (restore-<port>/ folders). */
function listRestores() {
  return readdirSync(DIR)
    .filter((f) => f.startsWith('restore-'))
    .map((f) => ({ port: Number(f.slice('restore-'.length)), dataDir: join(DIR, f, 'data') }));
}

function uid() {
  return Number(spawnSync('id', ['-u', OS_USER], { encoding: 'utf8' }).stdout.trim());
}
function gid() {
  return Number(spawnSync('id', ['-g', OS_USER], { encoding: 'utf8' }).stdout.trim());
}

function ownByPostgres(path, recursive = false) {
  if (recursive) spawnSync('chown', ['-R', `${OS_USER}:${OS_USER}`, path]);
  else chownSync(path, uid(), gid());
}

/** Runs a command as the postgres user and returns its output; throws with its stderr when it fails. */
function runAsPostgres(cmd, args) {
  const r = spawnSync('setpriv', [`--reuid=${OS_USER}`, `--regid=${OS_USER}`, '--init-groups', cmd, ...args], {
    cwd: DIR,
    encoding: 'utf8',
    env: { ...process.env, HOME: DIR },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

async function clusterMembers() {
  for (const n of PORTS.nodes) {
    try {
      const r = await fetch(`http://127.0.0.1:${n.rest}/cluster`, { signal: AbortSignal.timeout(2000) });
      if (r.ok)
        return ((await r.json()).members ?? []).map((m) => ({
          name: m.name,
          role: m.role,
          state: m.state,
          lag: m.lag,
          timeline: m.timeline,
        }));
    } catch {
      /* this node's REST API is down: ask the next */
    }
  }
  return [];
}

async function leaderNode() {
  const leader = (await clusterMembers()).find((m) => m.role === 'leader');
  const node = PORTS.nodes.find((n) => n.name === leader?.name);
  if (!node) throw new Error('the cluster has no leader');
  return node;
}

/** A leader, a streaming synchronous standby, and a write through HAProxy's write port that commits. */
async function waitHealthy(timeoutMs) {
  await waitFor('a leader and a synchronous standby', timeoutMs, async () => {
    const m = await clusterMembers();
    return (
      m.some((x) => x.role === 'leader' && x.state === 'running') &&
      m.some((x) => x.role === 'sync_standby' && ['running', 'streaming'].includes(x.state))
    );
  });
  await waitFor('a write through HAProxy', timeoutMs, async () => {
    const c = new pg.Client({ connectionString: info().writeUrl, connectionTimeoutMillis: 2000 });
    await c.connect();
    try {
      await c.query('CREATE TABLE IF NOT EXISTS cluster_probe (at timestamptz NOT NULL)');
      await c.query('INSERT INTO cluster_probe VALUES (now())');
      return true;
    } finally {
      await c.end();
    }
  });
}

async function waitFor(what, timeoutMs, test) {
  const until = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      if (await test()) return;
    } catch (e) {
      last = e;
    }
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''} (logs in ${DIR})`);
    await sleep(250);
  }
}

function print(result, json) {
  if (json) return console.log(JSON.stringify(result));
  if (result.writeUrl) {
    console.log(`cluster in ${result.dir}`);
    console.log(`  leader ${result.leader ?? '-'}, sync standby ${result.syncStandby ?? '-'}`);
    console.log(`  DATABASE_URL=${result.writeUrl}   (HAProxy write port: the leader)`);
    console.log(`  DATABASE_READ_URL=${result.readUrl}   (HAProxy read port: replicas)`);
    console.log(`  etcd ${result.etcd}`);
    for (const n of result.nodes)
      console.log(`  ${n.name}: ${n.url}  Patroni REST ${n.rest}  postmaster pid file ${n.postmasterPidFile}`);
    for (const r of result.restores ?? []) console.log(`  restore on port ${r.port}: ${r.dataDir}`);
  } else if (result.down) console.log(`cluster stopped, ${result.dir} removed`);
  else console.log(result);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [command, ...rest] = process.argv.slice(2);
  const opt = (name) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : rest.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const json = rest.includes('--json');
  const commands = {
    up: () => up(),
    down: () => down(),
    status: () => status(),
    backup: () => backup({ type: opt('type') ?? 'full' }),
    check: () => check(),
    restore: () => restore({ time: opt('time'), port: opt('port') ? Number(opt('port')) : undefined }),
  };
  if (!commands[command]) {
    console.error(`usage: npm run cluster -- ${Object.keys(commands).join('|')} [--json]`);
    process.exit(2);
  }
  commands[command]()
    .then((r) => print(r, json))
    .catch((e) => {
      console.error(e.message);
      process.exitCode = 1;
    });
}
