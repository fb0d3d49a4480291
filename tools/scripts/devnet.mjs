// `npm run devnet -- [--algod-port 4001 --indexer-port 8980 --data-dir .data/devnet]`: the Algorand
// devnet on its own (the API starts it by itself in the default run). Prints the demo wallets.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const cli = 'dist/apps/api/libs/devnet/src/cli.js';
if (!existsSync(cli)) {
  const build = spawnSync('npx', ['nx', 'run', 'api:build', '--outputStyle=static'], {
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
