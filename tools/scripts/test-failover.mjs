// `npm run test:failover`: builds the API (nx's cache makes it quick when nothing changed), then runs
// the failover reliability test alone (apps/api/src/reliability/failover.rel-spec.ts: an API
// instance killed mid-load, then the database leader killed mid-load, on the local Patroni
// cluster). Its output is passed through; the last line is the test's summary,
// `failover: acknowledged N, missing 0, duplicated 0, 5xx 0, withdrawals sent 1, failover S s`.
import { spawn, spawnSync } from 'node:child_process';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const build = spawnSync('npx', ['nx', 'build', 'api', '--outputStyle=static'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);

const SUMMARY =
  /failover: acknowledged \d+, missing \d+, duplicated \d+, 5xx \d+, withdrawals sent \d+, failover [\d.]+ s/;
let summary = null;
const jest = spawn(
  'npx',
  [
    'jest',
    '-c',
    'jest.reliability.config.ts',
    '--ci',
    '--runInBand',
    '--forceExit',
    'apps/api/src/reliability/failover.rel-spec.ts',
    ...process.argv.slice(2),
  ],
  { env, stdio: ['ignore', 'pipe', 'pipe'] },
);
const watch = (from, to) =>
  from.on('data', (d) => {
    to.write(d);
    summary = String(d).match(SUMMARY)?.[0] ?? summary;
  });
watch(jest.stdout, process.stdout);
watch(jest.stderr, process.stderr);
jest.on('close', (code) => {
  if (summary) console.log(summary);
  else console.log('failover: the test did not finish (no summary line): see above');
  process.exit(code ?? 1);
});
