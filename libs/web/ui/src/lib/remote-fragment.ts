import { stylesFor, type Stylesheet } from './page-styles';

/**
 * Build time, in Node: the remote's stylesheets, minified, by source path, as
 * tools/webpack/fragment-css-loader.js registered them when the remote's fragment renderer loaded
 * (apps/games-mfe/src/fragments.tsx, apps/cashier-mfe/src/fragments.tsx).
 */
export function registeredStylesheets(): Stylesheet[] {
  const registered = (globalThis as { __remoteFragmentCss?: Map<string, string> }).__remoteFragmentCss;
  return [...(registered ?? new Map<string, string>())].map(([href, css]) => ({ href, css }));
}

/**
 * A first screen a remote publishes for the API to stitch into the shell's page of that route
 * (apps/api/src/app/web/prerendered-pages.ts): `html` with, in a <style> at its start, the remote's
 * styles its elements use. The browser build ships them in its JavaScript, which has not run when
 * the page is first drawn, so the screen is drawn as the remote draws it and does not move when the
 * remote's code arrives. Throws on an inline script, which the page's CSP would refuse.
 */
export function remoteFragment(remote: string, path: string, html: string, sheets: readonly Stylesheet[]): string {
  if (html.includes('<script'))
    throw new Error(`the ${remote} fragment of ${path} holds an inline script the CSP refuses`);
  const used = new Set(stylesFor(html, sheets));
  const css = sheets
    .filter((s) => used.has(s.href))
    .map((s) => s.css)
    .join('');
  return css ? `<style data-remote-styles="${remote}">${css}</style>${html}` : html;
}

/** The pages (libs/contracts' prerenderedPaths) that one of these react-router routes matches. */
export function pagesOf(paths: readonly string[], routes: readonly string[]): string[] {
  return paths.filter((path) => routes.some((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`).test(path)));
}
