import type { FastifyRequest } from 'fastify';

// find-my-way (Fastify's router) strips the same prefix before it routes an absolute-form target
const ABSOLUTE_FORM = /^https?:\/\/[^/]*/;

/**
 * The path Fastify routes `url` by: without the scheme and authority of an absolute-form target
 * (`http://host/api/x`, which Fastify answers like `/api/x`), without its query, and percent-decoded
 * as the router decodes it (`/%61pi/x` is `/api/x`). Never decide anything by `req.url` itself.
 */
export function routedPath(url: string): string {
  let path = url.replace(ABSOLUTE_FORM, '');
  const end = path.search(/[?#]/);
  if (end !== -1) path = path.slice(0, end);
  if (!path.includes('%')) return path || '/';
  try {
    return decodeURI(path);
  } catch {
    return path; // a malformed escape: the router answers it 400 without routing
  }
}

/**
 * What a request asked for, for every decision by path (rate limits, health exclusions, client
 * routes): the pattern of the route that matched (`/api/bets/:id`), or, when none did (a 404, or a
 * catch-all such as the static files' `/*`), the path the router looked up.
 */
export function requestRoute(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  return route !== undefined && !route.includes('*') ? route : routedPath(req.url);
}
