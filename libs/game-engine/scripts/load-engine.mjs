// Loads the compiled @cosmic/game-engine for plain-Node scripts (the CLI verifier, the RTP run).
// Builds it first with the project's `build` command when dist is missing or older than a source.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const srcDir = path.join(root, 'libs/game-engine/src');
const outDir = path.join(root, 'dist/libs/game-engine');
/** tsc keeps the workspace layout under outDir (rootDir is the repo root). */
export const entry = path.join(outDir, 'libs/game-engine/src/index.js');

function newestSource(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')) newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIfStale() {
  const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  if (built >= newestSource(srcDir)) return;
  const tsc = createRequire(path.join(root, 'package.json')).resolve('typescript/bin/tsc');
  // Same command as the project's `build` target; progress goes to stderr so stdout stays JSON.
  execFileSync(
    process.execPath,
    [tsc, '-p', 'libs/game-engine/tsconfig.lib.json', '--outDir', 'dist/libs/game-engine', '--declaration'],
    {
      cwd: root,
      stdio: ['ignore', process.stderr, process.stderr],
    },
  );
}

export function loadEngine() {
  buildIfStale();
  return createRequire(import.meta.url)(entry);
}
