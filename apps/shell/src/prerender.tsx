/// <reference types="node" />
// Build time, in Node (apps/shell/webpack.prerender.config.js bundles this file): renders the first
// screen of every page of the shell into dist/apps/shell/prerendered/<page>.html, index.html with
// its root filled in, which the API answers for that page (apps/api/src/app/web/prerendered-pages.ts)
// and the browser hydrates (src/main.tsx).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { prerenderedPageName, prerenderedPaths } from '@cosmic/contracts';
import { createStore } from '@cosmic/web-data-access';
import { SLOT_END, SLOT_START } from './app/remote-route';
import { ShellTree } from './app/shell-tree';
import { type Stylesheet, stylesFor } from '@cosmic/web-ui';

/** The HTML inside #root for `location`: the shell's tree with a fresh store, lazy pages loaded. */
export async function renderPage(location: string): Promise<string> {
  const AtLocation = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  );
  // every boundary inline, where it stands: a bigger one would otherwise come outlined after the
  // page with an inline script to move it in, which the CSP refuses and a page without JavaScript cannot run
  const { prelude } = await prerender(<ShellTree store={createStore()} router={AtLocation} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/** index.html's empty root, as html-webpack-plugin minifies it or not. */
const ROOT = /<div id="?root"?><\/div>/;

const TITLE = /<title>[^<]*<\/title>/g;

/**
 * A remote route's slot (src/app/remote-route.tsx) as the server finds it: its texts turned into
 * comments, between which apps/api/src/app/web/prerendered-pages.ts puts the remote's own first screen.
 */
const slotMarks = (html: string): string =>
  html.split(SLOT_START).join('<!--remote-fragment-->').split(SLOT_END).join('<!--/remote-fragment-->');

/** The link to main.css in index.html, after which a page's own stylesheets go. */
const MAIN_CSS = /<link href="?\/(main\.[\w.]*css)"? rel="?stylesheet"?>/;

async function main(shellDir: string): Promise<void> {
  const index = readFileSync(join(shellDir, 'index.html'), 'utf8');
  if (!ROOT.test(index)) throw new Error(`${shellDir}/index.html has no empty <div id="root"></div> to fill`);
  const mainLink = MAIN_CSS.exec(index);
  if (!mainLink) throw new Error(`${shellDir}/index.html links no main.css to put the pages' stylesheets after`);
  const mainCss = readFileSync(join(shellDir, mainLink[1]), 'utf8');
  // the lazy chunks' stylesheets (landing.<hash>.css, …), as the browser build wrote them
  const sheets: Stylesheet[] = readdirSync(shellDir)
    .filter((f) => f.endsWith('.css') && f !== mainLink[1])
    .sort()
    .map((f) => ({ href: `/${f}`, css: readFileSync(join(shellDir, f), 'utf8') }));
  const out = join(shellDir, 'prerendered');
  mkdirSync(out, { recursive: true });
  for (const path of prerenderedPaths()) {
    // React puts the titles a component renders first (the frame's, then the page's, which wins in
    // the browser): the page's goes into the head; hydration puts them back there as it does now.
    const titles: string[] = [];
    const rendered = await renderPage(path);
    if (rendered.includes('<script')) throw new Error(`the prerendered ${path} holds an inline script the CSP refuses`);
    const html = slotMarks(rendered).replace(TITLE, (title) => (titles.push(title), ''));
    const links = stylesFor(html, sheets, mainCss).map((href) => `<link href="${href}" rel="stylesheet">`);
    const page = index
      .replace(TITLE, () => titles.at(-1) ?? '<title>Cosmic Casino</title>')
      .replace(MAIN_CSS, (main) => main + links.join(''))
      .replace(ROOT, () => `<div id="root">${html}</div>`);
    writeFileSync(join(out, `${prerenderedPageName(path)}.html`), page);
  }
  console.log(`prerendered ${prerenderedPaths().length} pages into ${out}`);
}

main(process.argv[2] ?? 'dist/apps/shell').catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
