import type { ReactNode } from 'react';

/**
 * Build time: the HTML of `tree` once every lazy part of it has loaded (React's `prerender`), for
 * the shell's prerendered pages and the remotes' published first screens. Every Suspense boundary
 * stays inline where it stands: a bigger one would otherwise come outlined after the page with an
 * inline script to move it in, which the CSP refuses and a page without JavaScript cannot run. A
 * part that cannot render here keeps its fallback, which the browser replaces; `onError` hears of it.
 * React's static renderer is imported here, when called: what imports this library's index for its
 * components does not load it (in a browser build it is left out anyway, being unused there).
 */
export async function staticHtml(tree: ReactNode, onError?: (error: unknown) => void): Promise<string> {
  const { prerender } = await import(/* webpackMode: "eager" */ 'react-dom/static');
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError });
  return new Response(prelude).text();
}
