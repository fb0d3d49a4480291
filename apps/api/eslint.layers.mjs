// The API's layers (ARCHITECTURE.md, "The API's layers"). The API is one Nx project, so
// @nx/enforce-module-boundaries cannot see its folders: no-restricted-imports does, one config
// block per folder of apps/api/src/app. A folder imports its own layer and the layers below it.

import { readdirSync } from 'node:fs';

const APP = 'apps/api/src/app';

/** Bottom first. The top layer also holds the files in the app's root (ROOT_FILES). */
export const API_LAYERS = [
  { name: 'foundation', folders: ['common', 'config', 'database', 'jobs', 'logging'] },
  { name: 'platform', folders: ['auth', 'chain', 'health', 'http', 'metrics', 'rate-limit'] },
  {
    name: 'domain',
    folders: [
      'anchors',
      'bankroll',
      'bet-details',
      'bets',
      'cashier',
      'fairness',
      'games',
      'housekeeping',
      'live-bets',
      'partitions',
      'poker',
      'reserves',
      'responsible-gaming',
      'seeds',
      'settlement',
      'users',
      'wallet',
      'web',
    ],
  },
  { name: 'top', folders: ['security'] },
];

/** The composition root in apps/api/src/app: it may import everything, and nothing imports it. */
const ROOT_FILES = ['app.module', 'configure-app', 'casino-readings'];

/** The few upward imports a folder keeps, by folder, then by the folder imported: the files allowed. */
const EXCEPTIONS = {
  // the operators' snapshot on demand (POST /api/reserves/snapshots) is behind security's operator token
  reserves: { security: ['security.module', 'auth/security-token.guard'] },
};

/** Folders of one layer that stay apart all the same, by folder: the folders it may not import. */
const PEERS_APART = {
  // the instant games and poker share code only through common/ and the libs (node-hmac was games')
  games: ['poker'],
  poker: ['games'],
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Relative imports that reach `folder` of the app from anywhere below another folder of it. */
function folderPattern(folder, allowed = []) {
  const except = allowed.length ? `(?!(${allowed.map(escape).join('|')})$)` : '';
  return `^(\\.\\./)+${escape(folder)}(/${except}|$)`;
}

/** One ESLint config block per folder below the top layer. */
export function apiLayerRules() {
  // a new folder must take a place in a layer, or it would escape the rule
  const placed = new Set(API_LAYERS.flatMap((l) => l.folders));
  const folders = readdirSync(new URL('./src/app', import.meta.url), { withFileTypes: true }).filter((d) =>
    d.isDirectory(),
  );
  const unplaced = folders.map((d) => d.name).filter((name) => !placed.has(name));
  if (unplaced.length)
    throw new Error(`apps/api/eslint.layers.mjs: put ${unplaced.join(', ')} in a layer of API_LAYERS`);
  const blocks = [];
  API_LAYERS.forEach((layer, i) => {
    const above = API_LAYERS.slice(i + 1);
    if (!above.length) return;
    for (const folder of layer.folders) {
      const patterns = above.flatMap((upper) =>
        upper.folders.map((target) => ({
          regex: folderPattern(target, EXCEPTIONS[folder]?.[target]),
          message: `${folder}/ (${layer.name}) may not import ${target}/ (${upper.name}): see "The API's layers" in ARCHITECTURE.md.`,
        })),
      );
      for (const target of PEERS_APART[folder] ?? [])
        patterns.push({
          regex: folderPattern(target),
          message: `${folder}/ may not import ${target}/ (its peer in ${layer.name}): see "The API's layers" in ARCHITECTURE.md.`,
        });
      patterns.push({
        regex: `^(\\.\\./)+(${ROOT_FILES.map(escape).join('|')})$`,
        message: `${folder}/ (${layer.name}) may not import the app's composition root: see "The API's layers" in ARCHITECTURE.md.`,
      });
      blocks.push({
        files: [`${APP}/${folder}/**/*.ts`],
        // tests assemble whole apps and read any module's state
        ignores: ['**/*.spec.ts', '**/*.int-spec.ts'],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      });
    }
  });
  return blocks;
}
