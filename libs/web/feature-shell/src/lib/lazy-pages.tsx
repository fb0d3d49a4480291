import { lazyPage } from '@cosmic/web-ui';

// Each page loads as its own chunk, keeping the shell's main bundle within its budget
// (issue 20: `/` ≤ 125 KiB of JS gzip, checked by tools/bench/web-bench.mjs); a visitor downloads
// only the page they open. Each has preload(): the shell fetches the opened page's code first.

/** `/`, its own chunk. */
export const LandingPage = lazyPage(
  () => import(/* webpackChunkName: "landing" */ './landing/landing-page').then((m) => ({ default: m.LandingPage })),
  'Cosmic Casino',
);
/** `/warp`, loaded on first visit. */
export const WarpPage = lazyPage(
  () => import(/* webpackChunkName: "warp" */ './warp/warp-page').then((m) => ({ default: m.WarpPage })),
  'the warp drive',
);
/** `/responsible-gaming`, loaded on first visit. */
export const ResponsibleGamingPage = lazyPage(
  () =>
    import(/* webpackChunkName: "responsible-gaming" */ './info/responsible-gaming-page').then((m) => ({
      default: m.ResponsibleGamingPage,
    })),
  'responsible gaming',
);
/** Any unknown path ('404 Page Not Found'), loaded on first visit. */
export const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "not-found" */ './not-found-page').then((m) => ({ default: m.NotFoundPage })),
  'the page',
);
