import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isWebRoute, prerenderedPageName } from '@cosmic/contracts';

/**
 * The HTML the API answers for a page of the web app: the shell's prerendered first screen of that
 * page (dist/apps/shell/prerendered/<page>.html, written at build time by apps/shell/src/prerender.tsx),
 * else the shell's index.html (a path the app does not know, or a shell built without them); each
 * file read once. Undefined when the shell is not built.
 */
export function shellPages(webRoot: string): (path: string) => string | undefined {
  const shellDir = join(webRoot, 'shell');
  const cache = new Map<string, string | null>();
  const read = (file: string): string | undefined => {
    if (!cache.has(file)) cache.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
    return cache.get(file) ?? undefined;
  };
  return (path) =>
    (isWebRoute(path) ? read(join(shellDir, 'prerendered', `${prerenderedPageName(path)}.html`)) : undefined) ??
    read(join(shellDir, 'index.html'));
}
