import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '@cosmic/web-ui';

// Each page loads as its own chunk, keeping the shell's main bundle within its budget
// (issue 20: `/` ≤ 125 KiB of JS gzip, checked by tools/bench/web-bench.mjs); a visitor downloads
// only the page they open.
function lazyPage(load: () => Promise<ComponentType>, label: string): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <div className="cc-page-loading">
            <Spinner label={`Loading ${label}…`} />
          </div>
        }
      >
        <Page />
      </Suspense>
    );
  };
}

/** `/`, its own chunk. */
export const LandingPage = lazyPage(
  () => import(/* webpackChunkName: "landing" */ './landing/landing-page').then((m) => m.LandingPage),
  'Cosmic Casino',
);
/** `/warp`, loaded on first visit. */
export const WarpPage = lazyPage(
  () => import(/* webpackChunkName: "warp" */ './warp/warp-page').then((m) => m.WarpPage),
  'the warp drive',
);
/** `/responsible-gaming`, loaded on first visit. */
export const ResponsibleGamingPage = lazyPage(
  () =>
    import(/* webpackChunkName: "responsible-gaming" */ './info/responsible-gaming-page').then(
      (m) => m.ResponsibleGamingPage,
    ),
  'responsible gaming',
);
/** Any unknown path ('404 Page Not Found'), loaded on first visit. */
export const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "not-found" */ './not-found-page').then((m) => m.NotFoundPage),
  'the page',
);
