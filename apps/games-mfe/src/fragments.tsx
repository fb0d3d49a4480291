/// <reference types="node" />
// Build time, in Node (apps/games-mfe/webpack.fragments.config.js bundles this file): the first screen
// of each of this remote's pages, rendered by this remote's own code into
// dist/apps/games-mfe/fragments/<page>.html. The shell's prerendered page of that route holds only
// a slot for it (apps/shell/src/app/remote-route.tsx); the API stitches the fragment the remote
// publishes now into that slot at request time (apps/api/src/app/web/prerendered-pages.ts), so a
// redeployed games remote shows its new first screen without a shell rebuild. Each fragment carries,
// in a <style> at its start, the remote's stylesheets its first screen uses (the browser build ships
// them in its JavaScript, which has not run when the page is first drawn), so that screen is drawn
// as the remote draws it and does not move when the remote's code arrives. The browser hydrates
// that HTML with this remote's code, so what the games render must not depend on where they are
// rendered: no useId, nothing from the browser (storage, pixel ratio, clock) in the first render.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prerender } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { prerenderedPageName, prerenderedPaths, WEB_ROUTES } from '@cosmic/contracts';
import { createStore, StoreProvider } from '@cosmic/web-data-access';
import { GamesApp } from '@cosmic/web-feature-games';
import { pagesOf, registeredStylesheets, remoteFragment } from '@cosmic/web-ui';

/** This remote's pages, as the shell routes them to it (apps/shell/src/app/app.tsx). */
const ROUTES = [WEB_ROUTES.casino, WEB_ROUTES.games, WEB_ROUTES.game];

/** The remote's HTML at `location`, from a fresh store as the shell's prerender uses, lazy parts loaded. */
async function renderFragment(location: string): Promise<string> {
  const { prelude } = await prerender(
    <StoreProvider store={createStore()}>
      <StaticRouter location={location}>
        <Routes>
          {ROUTES.map((path) => (
            <Route key={path} path={path} element={<GamesApp />} />
          ))}
        </Routes>
      </StaticRouter>
    </StoreProvider>,
    {
      // every boundary inline, as the shell's prerender does (apps/shell/src/prerender.tsx)
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // a part that cannot render in Node keeps its Suspense fallback, which the browser replaces
      onError: (e: unknown) => console.warn(`games fragment ${location}: a part is left to the browser (${String(e)})`),
    },
  );
  return new Response(prelude).text();
}

async function main(remoteDir: string): Promise<void> {
  const out = join(remoteDir, 'fragments');
  mkdirSync(out, { recursive: true });
  const paths = pagesOf(prerenderedPaths(), ROUTES);
  for (const path of paths) {
    const html = remoteFragment('games', path, await renderFragment(path), registeredStylesheets());
    writeFileSync(join(out, `${prerenderedPageName(path)}.html`), html);
  }
  console.log(`rendered ${paths.length} fragments into ${out}`);
}

main(process.argv[2] ?? 'dist/apps/games-mfe').catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
