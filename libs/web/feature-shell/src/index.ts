/** Landing page (`/`), a lazy chunk. */
export { LandingPage } from './lib/lazy-pages';
/** Warp intro (`/warp`), a lazy chunk. */
export { WarpPage } from './lib/lazy-pages';
/** Responsible-gaming page (`/responsible-gaming`), a lazy chunk. */
export { ResponsibleGamingPage } from './lib/lazy-pages';
/** 404 page, a lazy chunk. */
export { NotFoundPage } from './lib/lazy-pages';
/** Top-level crash screen ("Loading cosmic casino..." + "Reload Casino"). */
export { CrashBoundary } from './lib/crash-boundary';
/** The toast layer (Radix provider, F8 notification area, the store's one toast), loaded on first use. */
export { ToastHost } from './lib/toast/toast-host';
