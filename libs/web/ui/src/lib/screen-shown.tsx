import { useEffect } from 'react';

/**
 * The event a remote (games, cashier) dispatches on `document` once a screen of it is on the page
 * with its code (rendered, or hydrated from the first screen its build published, see
 * remote-fragment.ts): the page holds clicks made on that published screen before then and
 * replays them now (tools/webpack/route-preload.js).
 */
export const SCREEN_SHOWN_EVENT = 'cosmic:remote-screen-shown';

/**
 * The same for a page of the shell whose code is a chunk of its own (lazyPage): React hydrates the
 * content of a Suspense boundary the server completed in a pass of its own, after the shell around
 * it has committed and said so ('cosmic:shell-hydrated'), so the page's controls are live only now.
 */
export const PAGE_SHOWN_EVENT = 'cosmic:page-shown';

/** Dispatches `event` on `document` when the component's content is committed, hydrated ones included. */
function useShown(event: string) {
  useEffect(() => {
    document.dispatchEvent(new Event(event));
  }, [event]);
}

/**
 * Put beside a lazy screen inside its Suspense boundary: its effect runs when that boundary's
 * content is committed, hydrated ones included. Renders nothing, so it adds nothing to the HTML.
 */
export function ScreenShown() {
  useShown(SCREEN_SHOWN_EVENT);
  return null;
}

/** ScreenShown for a lazy page of the shell (preloadable-lazy.tsx). */
export function PageShown() {
  useShown(PAGE_SHOWN_EVENT);
  return null;
}
