import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isWebRoute, prerenderedPageName } from '@cosmic/contracts';

/**
 * A remote route's slot in a prerendered page (apps/shell/src/app/remote-route.tsx, its marks made
 * comments by apps/shell/src/prerender.tsx): the remote's name and what the shell's build put there.
 */
const SLOT = /(data-remote-slot="([\w-]+)"[^>]*><!--remote-fragment-->)[\s\S]*?(<!--\/remote-fragment-->)/;

const TITLE = /<title>[^<]*<\/title>/g;

/**
 * The HTML the API answers for a page of the web app: the shell's prerendered first screen of that
 * page (dist/apps/shell/prerendered/<page>.html, written at build time by apps/shell/src/prerender.tsx),
 * else the shell's index.html (a path the app does not know, or a shell built without them); each
 * file read once. Undefined when the shell is not built.
 *
 * A remote's route holds a slot, which gets the first screen that remote's own build published
 * (<remote folder>/fragments/<page>.html, apps/games-mfe/src/fragments.tsx) for the remotes in
 * `fragments` (name → folder under webRoot: those the API serves itself), read again whenever the
 * file changes, so a remote redeployed alone shows its new screen without a shell rebuild. A remote
 * with no fragment for the page keeps the shell's loading screen; the browser renders the remote in
 * its place either way (never hydrates it), and a remote that fails to load shows the shell's fallback.
 */
export function shellPages(
  webRoot: string,
  fragments: Readonly<Record<string, string>> = {},
): (path: string) => string | undefined {
  const shellDir = join(webRoot, 'shell');
  const cache = new Map<string, string | null>();
  const read = (file: string): string | undefined => {
    if (!cache.has(file)) cache.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
    return cache.get(file) ?? undefined;
  };
  const published = new Map<string, { mtimeMs: number; size: number; html: string }>();
  const readFresh = (file: string): string | undefined => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    const known = published.get(file);
    if (known?.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.html;
    const html = readFileSync(file, 'utf8');
    published.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, html });
    return html;
  };
  const stitch = (page: string, name: string): string => {
    const slot = SLOT.exec(page);
    const folder = slot && fragments[slot[2]];
    const fragment = folder ? readFresh(join(webRoot, folder, 'fragments', `${name}.html`)) : undefined;
    if (!slot || fragment === undefined) return page;
    // the remote's page title (the last it renders) goes into the head, as the shell's prerender does
    const titles: string[] = [];
    const html = fragment.replace(TITLE, (title) => (titles.push(title), ''));
    const titled = titles.length ? page.replace(/<title>[^<]*<\/title>/, () => titles.at(-1)!) : page;
    return titled.replace(SLOT, (_, start: string, _name: string, end: string) => start + html + end);
  };
  return (path) => {
    const name = isWebRoute(path) ? prerenderedPageName(path) : undefined;
    const page = name === undefined ? undefined : read(join(shellDir, 'prerendered', `${name}.html`));
    return page !== undefined ? stitch(page, name!) : read(join(shellDir, 'index.html'));
  };
}
