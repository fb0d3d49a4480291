/** Landing page (`/`). */
export { LandingPage } from './lib/landing/landing-page';
/** Warp intro (`/warp`), a lazy chunk. */
export { WarpPage } from './lib/lazy-pages';
/** Responsible-gaming page (`/responsible-gaming`), a lazy chunk. */
export { ResponsibleGamingPage } from './lib/lazy-pages';
/** Provably-fair explanation (`/fairness`), a lazy chunk. */
export { FairnessPage } from './lib/lazy-pages';
/** Poker page (`/poker`). */
export { PokerPage } from './lib/poker-page';
/** 404 page. */
export { NotFoundPage } from './lib/not-found-page';
/** Top-level crash screen ("Loading cosmic casino..." + "Reload Casino"). */
export { CrashBoundary } from './lib/crash-boundary';
