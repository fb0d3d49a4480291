/// <reference types="node" />
// Build time, in Node (apps/cashier-mfe/webpack.fragments.config.js bundles this file): the
// cashier's first screen, rendered by this remote's own code into
// dist/apps/cashier-mfe/fragments/cashier.html, which the API stitches into the shell's `/cashier`
// page at request time (apps/api/src/app/web/prerendered-pages.ts), as it does the games remote's
// (apps/games-mfe/src/fragments.tsx, which says more). It is the screen of a fresh store: the
// player's wallet and balances are not known yet, so they are placeholders the browser fills in.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { prerenderedPageName, WEB_ROUTES } from '@cosmic/contracts';
import { createStore, StoreProvider } from '@cosmic/web-data-access';
import { CashierPage } from '@cosmic/web-feature-cashier';
import { registeredStylesheets, remoteFragment } from '@cosmic/web-ui';

async function main(remoteDir: string): Promise<void> {
  const path = WEB_ROUTES.cashier;
  const { prelude } = await prerender(
    <StoreProvider store={createStore()}>
      <StaticRouter location={path}>
        <CashierPage />
      </StaticRouter>
    </StoreProvider>,
    {
      // every boundary inline, as the shell's prerender does (apps/shell/src/prerender.tsx)
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (e: unknown) => console.warn(`cashier fragment: a part is left to the browser (${String(e)})`),
    },
  );
  const html = await new Response(prelude).text();
  const out = join(remoteDir, 'fragments');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, `${prerenderedPageName(path)}.html`),
    remoteFragment('cashier', path, html, registeredStylesheets()),
  );
  console.log(`rendered the cashier's fragment into ${out}`);
}

main(process.argv[2] ?? 'dist/apps/cashier-mfe').catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
