// `npm start`: build whatever is missing or stale (Nx cache), then run the API, which serves the
// shell and the remotes and, with no configuration, starts its own PostgreSQL and Algorand devnet.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const projects = ['api', 'shell', 'games-mfe', 'cashier-mfe', 'security-mfe'];
if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', `--projects=${projects.join(',')}`, '--parallel=2', '--outputStyle=static'], { stdio: 'inherit', env });
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
