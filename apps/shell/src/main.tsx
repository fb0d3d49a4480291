import { startTransition } from 'react';
import { nextTask } from './app/next-task';

// The app starts in a few tasks, not one: evaluated in one go, main.js's modules and the store's
// start were one task of 50–90 ms on a 2-core machine, 200–370 ms at Lighthouse's 4× CPU
// slowdown, all of it blocking time (BENCHMARKS.md, "main.js in several tasks"). Each part below
// is a module graph of main.js itself (`webpackMode: "eager"`: no chunk, no request), evaluated when
// it is imported, with a task boundary before the next part, where the browser can paint and answer
// input.
async function start(): Promise<void> {
  // main.js's own evaluation (webpack's runtime, this module) ends its task here
  await nextTask();
  // 1. The store: Redux Toolkit, then RTK Query, then the API's endpoints (their modules, which
  // build the endpoints as they run), then the store, each in a task of its own.
  await import(/* webpackMode: "eager" */ './app/store-libs-toolkit');
  await nextTask();
  await import(/* webpackMode: "eager" */ './app/store-libs-query');
  await nextTask();
  const { createStore, initWallet } = await import(/* webpackMode: "eager" */ './app/store-start');
  await nextTask();
  const store = createStore();
  // What the prerendered page was rendered from (src/prerender.tsx renders a fresh store too).
  const serverState = store.getState();
  await nextTask();

  // 2. First load: restore the stored wallet or start a guest session, whatever the first route is.
  void store.dispatch(initWallet());
  await nextTask();

  // 3. The routes: React Router, then the UI kit and the shell's pages. It imports the UI kit's
  // Layout, whose global styles (theme, components) must come before the features' own styles in
  // main.css, which builds them in import order.
  await import(/* webpackMode: "eager" */ './app/router-lib');
  await nextTask();
  const { preloadPage } = await import(/* webpackMode: "eager" */ './app/app');
  const root = document.getElementById('root')!;
  // A page the server prerendered (dist/apps/shell/prerendered, see src/prerender.tsx) is hydrated;
  // index.html's empty root (a page not prerendered) is rendered. The page's own code is asked for
  // now (route-preload.js has been fetching it beside main.js): a lazy page hydrates with the shell
  // then, not after it (app/app.tsx, preloadPage). A page whose code fails to load is hydrated all
  // the same: its boundary reports the failure as on any visit.
  const pageCode = root.firstElementChild ? preloadPage(location.pathname).catch(() => undefined) : undefined;
  await nextTask();

  // 4. React DOM, then the shell's tree.
  await import(/* webpackMode: "eager" */ './app/react-dom-lib');
  await nextTask();
  const { BrowserRouter, createRoot, hydrateRoot, ShellTree } = await import(
    /* webpackMode: "eager" */ './app/react-start'
  );
  if (!pageCode) {
    createRoot(root).render(<ShellTree store={store} router={BrowserRouter} />);
    return;
  }
  await pageCode;
  // the page's chunk ran in the task its script arrived in; the hydration starts in the next one
  await nextTask();
  // as a transition, hydration yields to the browser every few milliseconds instead of running
  // as one long task while the server's HTML is already on the screen (BENCHMARKS.md, Lighthouse)
  startTransition(() => {
    hydrateRoot(root, <ShellTree store={store} router={BrowserRouter} serverState={serverState} />);
  });
}

void start();
