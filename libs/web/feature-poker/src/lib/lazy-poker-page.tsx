import { lazyPage } from '@cosmic/web-ui';

/** `/poker`, loaded as its own chunk on first visit (outside the shell's first load). */
export const LazyPokerPage = lazyPage(
  () => import(/* webpackChunkName: "poker" */ './poker-page').then((m) => ({ default: m.PokerPage })),
  'Cosmic Poker',
);
