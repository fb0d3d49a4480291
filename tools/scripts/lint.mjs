// `npm run lint`: Prettier's check of the code's format (.prettierrc.json), then ESLint over the workspace
// with @nx/enforce-module-boundaries. The rule silently skips itself without Nx's project graph, so the
// graph is computed first.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const FORMATTED = [
  'apps/**/*.{ts,tsx,mjs,js,css}',
  'libs/**/*.{ts,tsx,mjs,js,css}',
  'tools/**/*.{mjs,js,ts}',
  '*.{ts,mjs,js}',
];
const format = spawnSync('npx', ['prettier', '--check', '--log-level=warn', ...FORMATTED], { stdio: 'inherit', env });
if (format.status !== 0) {
  console.error('Formatting differs from .prettierrc.json: run `npx prettier --write` on the files above.');
  process.exit(format.status ?? 1);
}
const graph = spawnSync('npx', ['nx', 'show', 'projects'], { stdio: ['ignore', 'ignore', 'inherit'], env });
if (graph.status !== 0) process.exit(graph.status ?? 1);
const lint = spawnSync('npx', ['eslint', '--max-warnings=0', '.', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(lint.status ?? 1);
