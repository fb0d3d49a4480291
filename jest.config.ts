// Every project's unit tests in one Jest run (`npm test` uses this; `nx test <project>` runs one).
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

function projectConfigs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const config = join(dir, entry.name, 'jest.config.ts');
    if (existsSync(config)) out.push(config);
    else out.push(...projectConfigs(join(dir, entry.name)));
  }
  return out;
}

export default {
  // a global option: the preset's testTimeout is ignored when projects run together
  testTimeout: 30_000,
  projects: [
    ...projectConfigs(join(__dirname, 'apps')),
    ...projectConfigs(join(__dirname, 'libs')),
    join(__dirname, 'tools/jest.config.ts'),
  ],
};
