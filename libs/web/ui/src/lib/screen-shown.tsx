import { useEffect } from 'react';

/**
 * The event a remote (games, cashier) dispatches on `document` once a screen of it is on the page
 * with its code (rendered, or hydrated from the first screen its build published, see
 * remote-fragment.ts): the page holds clicks made on that published screen before then and
 * replays them now (tools/webpack/route-preload.js).
 */
export const SCREEN_SHOWN_EVENT = 'cosmic:remote-screen-shown';

/**
 * Put beside a lazy screen inside its Suspense boundary: its effect runs when that boundary's
 * content is committed, hydrated ones included. Renders nothing, so it adds nothing to the HTML.
 */
export function ScreenShown() {
  useEffect(() => {
    document.dispatchEvent(new Event(SCREEN_SHOWN_EVENT));
  }, []);
  return null;
}
