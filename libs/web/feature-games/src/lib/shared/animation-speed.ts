// Animation speed (issue 40 item 8): normal, fast or instant, in Manual play and Auto alike, kept in
// this browser. Whatever the speed, a win joins the shown balance when its result shows.

/** How fast a game animates a bet: normal, fast (a third of the time) or instant (no animation). */
export type AnimationSpeed = 'normal' | 'fast' | 'instant';
/** The speeds as the picker offers them. */
export const ANIMATION_SPEEDS: readonly { speed: AnimationSpeed; label: string }[] = [
  { speed: 'normal', label: 'Normal' },
  { speed: 'fast', label: 'Fast' },
  { speed: 'instant', label: 'Instant' },
];
/** Where the choice is kept (localStorage); anything else reads as normal. */
export const ANIMATION_SPEED_KEY = 'cosmic:animation-speed';
/** Fast plays an animation in this fraction of its normal time. */
export const FAST_FACTOR = 1 / 3;

/** How long an animation of `ms` (at normal speed) lasts at `speed`. */
export function scaledMs(ms: number, speed: AnimationSpeed): number {
  return speed === 'normal' ? ms : speed === 'fast' ? Math.round(ms * FAST_FACTOR) : 0;
}

/** The speed kept in this browser (normal when none is, or storage is unavailable). */
export function readAnimationSpeed(storage: Pick<Storage, 'getItem'> | null | undefined): AnimationSpeed {
  try {
    const kept = storage?.getItem(ANIMATION_SPEED_KEY);
    return ANIMATION_SPEEDS.find((s) => s.speed === kept)?.speed ?? 'normal';
  } catch {
    return 'normal';
  }
}

/** Keeps the speed in this browser (a storage that refuses keeps it for this page only). */
export function writeAnimationSpeed(storage: Pick<Storage, 'setItem'> | null | undefined, speed: AnimationSpeed): void {
  try {
    storage?.setItem(ANIMATION_SPEED_KEY, speed);
  } catch {
    // private mode or a full storage: the choice lasts until the page closes
  }
}
