// `npm run lint`: ESLint over the workspace with @nx/enforce-module-boundaries. The rule silently
// skips itself without Nx's project graph, so the graph is computed first.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const graph = spawnSync('npx', ['nx', 'show', 'projects'], { stdio: ['ignore', 'ignore', 'inherit'], env });
if (graph.status !== 0) process.exit(graph.status ?? 1);
const lint = spawnSync('npx', ['eslint', '--max-warnings=0', '.', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(lint.status ?? 1);
