// `npm start`: build whatever is missing or stale (Nx cache), then run the API, which serves the
// shell and the remotes and, with no configuration, starts its own PostgreSQL and Algorand devnet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// One product per data folder: a second start exits before building or touching anything (the
// API takes the same lock for real; this early look only spares the build and gives the answer).
const lockFile = join(resolve(process.env.DATA_DIR || '.data'), 'cosmic-casino.pid');
const holder = runningHolder(lockFile);
if (holder) {
  console.error(`Cosmic Casino is already running from this folder (pid ${holder.pid}, ${holder.url})`);
  process.exit(1);
}

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const projects = ['api', 'shell', 'games-mfe', 'cashier-mfe', 'security-mfe'];
if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync(
    'npx',
    ['nx', 'run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--parallel=2', '--outputStyle=static'],
    { stdio: 'inherit', env },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const main = 'dist/apps/api/apps/api/src/main.js';
if (!existsSync(main)) {
  console.error(`${main} is missing: the API build did not produce it`);
  process.exit(1);
}
const api = spawn(process.execPath, ['--enable-source-maps', main], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => api.kill(sig));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** The live process named by the lock file, or null (no file, unreadable, or its process is gone). */
function runningHolder(file) {
  let holder;
  try {
    holder = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(holder?.pid) || holder.pid <= 0) return null;
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if (e.code !== 'EPERM') return null;
  }
  try {
    if (!/node/i.test(readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8'))) return null; // a reused pid
  } catch {
    /* no /proc: trust the signal check */
  }
  return holder;
}
