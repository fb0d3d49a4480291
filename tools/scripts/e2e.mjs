// Browser tests: make sure Debian's chromium is there, then run Playwright against the built product.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;
if (run('bash', ['tools/scripts/ensure-chromium.sh']) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', '-c', 'apps/e2e/playwright.config.ts', ...process.argv.slice(2)]));
