/** The site's name, the end of every document title. */
export const SITE_NAME = 'Cosmic Casino';

/** A page's document title: "Nebula Dice — Cosmic Casino", or the site's name alone. */
export function pageTitle(name?: string): string {
  return name ? `${name} — ${SITE_NAME}` : SITE_NAME;
}

/**
 * Sets the document title while the page is shown: React 19 hoists a rendered <title> into <head>.
 * The frame renders the site's name; a page's own title, mounted later, goes before it and wins.
 * `full` is a whole title as is (the landing page leads with the site's name).
 */
export function PageTitle({ name, full }: { name?: string; full?: string }) {
  return <title>{full ?? pageTitle(name)}</title>;
}
