import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isWebRoute, prerenderedPageName } from '@cosmic/contracts';

/**
 * A remote route's slot in a prerendered page (apps/shell/src/app/remote-route.tsx, its marks made
 * comments by apps/shell/src/prerender.tsx): the remote's name and what the shell's build put there.
 */
const SLOT = /(data-remote-slot="([\w-]+)"[^>]*>)<!--remote-fragment-->[\s\S]*?<!--\/remote-fragment-->/;

const TITLE = /<title>[^<]*<\/title>/g;

/**
 * What a fragment holds for the head, at its start: the remote's styles (apps/games-mfe/src/fragments.tsx)
 * and React's preloads of the images its screen shows, which hydration would find where it expects the screen.
 */
const HEAD_PARTS = /<style data-remote-styles="[\w-]+">[\s\S]*?<\/style>|<link rel="preload"[^>]*>/g;

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
 * with no fragment for the page keeps the shell's loading screen, which the browser replaces.
 *
 * The fragment goes in as a completed Suspense boundary (React's `<!--$-->…<!--/$-->`), which is
 * what the shell's tree has there (the remote's lazy component, apps/shell/src/app/remote-route.tsx):
 * hydration keeps it until the remote's code arrives, then hydrates it with that code. Its title,
 * styles and image preloads go into the head, outside the tree React hydrates.
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
    const head: string[] = [];
    const html = fragment
      .replace(TITLE, (title) => (titles.push(title), ''))
      .replace(HEAD_PARTS, (part) => (head.push(part), ''));
    const titled = titles.length ? page.replace(/<title>[^<]*<\/title>/, () => titles.at(-1)!) : page;
    return titled
      .replace('</head>', () => `${head.join('')}</head>`)
      .replace(SLOT, (_, start: string) => `${start}<!--$-->${html}<!--/$-->`);
  };
  return (path) => {
    const name = isWebRoute(path) ? prerenderedPageName(path) : undefined;
    const page = name === undefined ? undefined : read(join(shellDir, 'prerendered', `${name}.html`));
    return page !== undefined ? stitch(page, name!) : read(join(shellDir, 'index.html'));
  };
}
