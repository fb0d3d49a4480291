import { lazyPage } from '@cosmic/web-ui';

// Only these wrappers are exported from the library: the pages (with the game engine) stay out of
// the shell's first load and arrive as their own chunks when they open.

/** `/fairness`, loaded on first visit. */
export const LazyFairnessPage = lazyPage(
  () => import(/* webpackChunkName: "fairness" */ './fairness/fairness-page'),
  'provably fair tools',
);

/** `/fairness/reserves`, loaded on first visit. */
export const LazyReservesPage = lazyPage(
  () => import(/* webpackChunkName: "reserves" */ './reserves/reserves-page'),
  'proof of reserves',
);
