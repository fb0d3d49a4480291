import { join } from 'node:path';

/**
 * In the compiled output (dist/apps/api/apps/api/src/…) the workspace aliases `@cosmic/x`
 * point at the compiled libraries beside it; tsc does not rewrite them.
 */
const distRoot = join(__dirname, '..', '..', '..');
const ALIASES: Record<string, string> = {
  '@cosmic/game-engine': 'libs/game-engine/src/index.js',
  '@cosmic/contracts': 'libs/contracts/src/index.js',
  '@cosmic/algorand': 'libs/algorand/src/index.js',
  '@cosmic/devnet': 'libs/devnet/src/index.js',
  '@cosmic/poker': 'libs/poker/src/index.js',
};

type Resolver = (request: string, ...rest: unknown[]) => string;
// require, not import: the real CommonJS loader object must be patched, not an interop copy
const mod = require('node:module') as { _resolveFilename: Resolver };
const original = mod._resolveFilename;
mod._resolveFilename = function (request: string, ...rest: unknown[]): string {
  const target = ALIASES[request];
  return original.call(this, target ? join(distRoot, target) : request, ...rest);
};
