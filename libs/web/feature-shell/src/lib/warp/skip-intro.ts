/** Where "Don't show again" (the warp intro) is kept (localStorage): 'on' skips the warp intro for good. */
export const SKIP_INTRO_KEY = 'cosmic:skip-intro';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** Whether this browser's player chose to skip the warp intro for good (not when storage is unavailable). */
export function introSkipped(): boolean {
  try {
    return storage()?.getItem(SKIP_INTRO_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Keeps "skip the intro" in this browser (a storage that refuses keeps nothing: the intro plays again). */
export function skipIntroForGood(): void {
  try {
    storage()?.setItem(SKIP_INTRO_KEY, 'on');
  } catch {
    // private mode or a full storage
  }
}
