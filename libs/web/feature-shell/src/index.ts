/** Landing page (`/`). */
export { LandingPage } from './lib/landing-page';
/** Warp intro (`/warp`). */
export { WarpPage } from './lib/warp-page';
/** Poker page (`/poker`). */
export { PokerPage } from './lib/poker-page';
/** 404 page. */
export { NotFoundPage } from './lib/not-found-page';
/** Top-level crash screen ("Loading cosmic casino..." + "Reload Casino"). */
export { CrashBoundary } from './lib/crash-boundary';
