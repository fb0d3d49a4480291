import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
// The tree first: it imports the UI kit's Layout, whose global styles (theme, components) must come
// before the features' own styles in main.css, which builds them in import order.
import { ShellTree } from './app/shell-tree';
import { preloadPage } from './app/app';
import { createStore, initWallet } from '@cosmic/web-data-access';

const store = createStore();
// What the prerendered page was rendered from (src/prerender.tsx renders a fresh store too).
const serverState = store.getState();
// First load: restore the stored wallet or start a guest session, whatever the first route is.
void store.dispatch(initWallet());

const root = document.getElementById('root')!;
// A page the server prerendered (dist/apps/shell/prerendered, see src/prerender.tsx) is hydrated;
// index.html's empty root (a page not prerendered) is rendered.
if (root.firstElementChild) {
  // The page's own code first (route-preload.js has been fetching it beside main.js): a lazy page
  // hydrates with the shell then, not after it (app/app.tsx, preloadPage). A page whose code fails
  // to load is hydrated all the same: its boundary reports the failure as on any visit.
  void preloadPage(location.pathname)
    .catch(() => undefined)
    .then(() => {
      // as a transition, hydration yields to the browser every few milliseconds instead of running
      // as one long task while the server's HTML is already on the screen (BENCHMARKS.md, Lighthouse)
      startTransition(() => {
        hydrateRoot(root, <ShellTree store={store} router={BrowserRouter} serverState={serverState} />);
      });
    });
} else {
  createRoot(root).render(<ShellTree store={store} router={BrowserRouter} />);
}
