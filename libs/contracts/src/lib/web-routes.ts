// Imports nothing: tools/scripts/check-docker.mjs transpiles this file on its own to check that the
// shell's nginx config (docker/nginx/shell.conf) answers exactly these pages with 200, each with its
// prerendered file (tools/scripts/nginx-pages.mjs writes that mapping from prerenderedPaths()).

/** The five house games: each plays at `/game/<id>` and `POST /api/games/<id>`. */
export const HOUSE_GAMES = ['slots', 'plinko', 'blackjack', 'hilo', 'dice'] as const;
/** One of the five house games. */
export type HouseGame = (typeof HOUSE_GAMES)[number];

/**
 * The web app's pages, as react-router paths: the shell routes exactly these, and the API and the
 * shell's nginx answer them with the app (200) and any other page with the app and 404 (`isWebRoute`).
 */
export const WEB_ROUTES = {
  warp: '/warp',
  landing: '/',
  casino: '/casino',
  games: '/games',
  game: '/game/:gameType',
  cashier: '/cashier',
  security: '/security',
  poker: '/poker',
  responsibleGaming: '/responsible-gaming',
  fairness: '/fairness',
  reserves: '/fairness/reserves',
} as const;

/** What each route's `:param` may be; a param not named here takes any one segment. */
const ROUTE_PARAMS: Readonly<Record<string, readonly string[]>> = { gameType: HOUSE_GAMES };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * WEB_ROUTES as one regular expression over a decoded path (to be matched ignoring case): what
 * isWebRoute tests and what the shell's nginx config carries as its pages' location, written in
 * the syntax JavaScript and PCRE read alike.
 */
export function webRoutePattern(): string {
  const routes = Object.values(WEB_ROUTES).map((route) =>
    route
      .slice(1)
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return escape(part);
        const allowed = ROUTE_PARAMS[part.slice(1)];
        return allowed ? `(?:${allowed.map(escape).join('|')})` : '[^/]+';
      })
      .join('/'),
  );
  return `^/(?:${routes.join('|')})/?$`;
}

const WEB_ROUTE = new RegExp(webRoutePattern(), 'i');

/**
 * Whether `path` (decoded, without its query) is a page of the web app: one of WEB_ROUTES, matched
 * as react-router matches it (any case, one trailing slash), a `:gameType` only when it names a house game.
 */
export function isWebRoute(path: string): boolean {
  return WEB_ROUTE.test(path);
}

/**
 * The pages prerendered at build time (apps/shell/src/prerender.tsx), as paths: every page of
 * WEB_ROUTES, a `:gameType` once per house game; not /warp, an animation that depends on the browser
 * (reduced motion, its canvas): it stays index.html, rendered in the browser.
 */
export function prerenderedPaths(): string[] {
  const pages = Object.values(WEB_ROUTES).filter((route) => route !== WEB_ROUTES.warp);
  return pages.flatMap((route) =>
    route.includes(':gameType') ? HOUSE_GAMES.map((g) => route.replace(':gameType', g)) : [route],
  );
}

/**
 * The name (without `.html`) of the prerendered file of a page (dist/apps/shell/prerendered, written
 * by apps/shell/src/prerender.tsx, answered by the API): `/` is `index`, `/Game/Dice/` is `game.dice`.
 */
export function prerenderedPageName(path: string): string {
  const page = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  return page === '' ? 'index' : page.split('/').join('.');
}
