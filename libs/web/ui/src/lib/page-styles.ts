// Build time, in Node (apps/shell/src/prerender.tsx, apps/games-mfe/src/fragments.tsx): which of the
// shell's page stylesheets a prerendered page links in its head, and which of a remote's styles its
// fragment carries. A page's own styles come with its lazy chunk (landing.css, fairness.css…),
// which the browser would fetch only after main.js runs: the prerendered first screen would be
// drawn without them and jump when they arrive (Lighthouse measured CLS 0.25 on `/`). So each
// page links, after main.css, every chunk stylesheet whose class selectors its first screen uses.
// mini-css-extract's runtime finds those links when the chunk loads and adds none again.

/** The class selectors a stylesheet declares (`.cc-hero__art`, not `0.5rem` or a url's `.svg)`). */
export function classSelectors(css: string): Set<string> {
  const names = new Set<string>();
  // drop strings and url(...) first: their dots are file names, not selectors
  const code = css.replace(/url\([^)]*\)/g, '').replace(/"[^"]*"|'[^']*'/g, '');
  for (const m of code.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(m[1]);
  return names;
}

/** The class names the elements of an HTML text carry. */
export function classesUsed(html: string): Set<string> {
  const used = new Set<string>();
  for (const m of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g))
    for (const name of (m[1] ?? m[2] ?? m[3]).split(/\s+/)) if (name) used.add(name);
  return used;
}

/** A stylesheet of the build: its URL path (`/landing.d581cf5ce4da.css`) and its text. */
export interface Stylesheet {
  href: string;
  css: string;
}

/**
 * The stylesheets among `sheets` that style something in `html`, in the order given: those that
 * declare a class the page uses and `main.css` (every page's) does not, so a chunk's rule for a
 * shared class (`.cc-fair .cc-card`) does not pull it into every page.
 */
export function stylesFor(html: string, sheets: readonly Stylesheet[], mainCss = ''): string[] {
  const used = classesUsed(html);
  const everywhere = classSelectors(mainCss);
  return sheets
    .filter((s) => [...classSelectors(s.css)].some((c) => used.has(c) && !everywhere.has(c)))
    .map((s) => s.href);
}
