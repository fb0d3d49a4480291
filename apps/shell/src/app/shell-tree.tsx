import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { type AppStore, type RootState, StoreProvider } from '@cosmic/web-data-access';
import { CrashBoundary, ToastHost } from '@cosmic/web-feature-shell';
import { App } from './app';

export interface ShellTreeProps {
  store: AppStore;
  /** BrowserRouter in the browser, a StaticRouter at `location` when prerendering (src/prerender.tsx). */
  router: ComponentType<{ children: ReactNode }>;
  /**
   * The state the prerendered HTML was rendered from (a fresh store's): hydration reads it, so a
   * wallet restored before hydration ends changes the page only after it (react-redux `serverState`).
   */
  serverState?: RootState;
}

/** The whole shell: the same tree is prerendered at build time (src/prerender.tsx) and hydrated in the browser (src/main.tsx). */
export function ShellTree({ store, router: Router, serverState }: ShellTreeProps) {
  return (
    <StrictMode>
      <CrashBoundary>
        <StoreProvider store={store} serverState={serverState}>
          <Router>
            <App />
            <ToastHost />
            <ShellHydrated />
          </Router>
        </StoreProvider>
      </CrashBoundary>
    </StrictMode>
  );
}

/**
 * The event dispatched on `document` once the shell has hydrated the server's page (or rendered
 * its own): the page holds clicks made on the shell's controls before then and replays them now
 * (tools/webpack/route-preload.js).
 */
export const SHELL_HYDRATED_EVENT = 'cosmic:shell-hydrated';

/** Says the shell has hydrated: its effect runs once the shell's tree is committed. Renders nothing. */
export function ShellHydrated() {
  useEffect(() => {
    document.dispatchEvent(new Event(SHELL_HYDRATED_EVENT));
  }, []);
  return null;
}
