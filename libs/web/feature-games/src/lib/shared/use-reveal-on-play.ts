import { useEffect, useRef } from 'react';

/**
 * How to scroll so a board between `top` and `bottom` (viewport pixels) is seen on a screen
 * `viewportHeight` tall whose first `marginTop` pixels are covered (the sticky header):
 * null when it is already in full view, 'nearest' when it fits, 'start' when it is taller.
 */
export function revealBlock(
  top: number,
  bottom: number,
  viewportHeight: number,
  marginTop: number,
): ScrollLogicalPosition | null {
  if (top >= marginTop && bottom <= viewportHeight) return null;
  return bottom - top <= viewportHeight - marginTop ? 'nearest' : 'start';
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A ref for a game's board that scrolls the board into view each time `playing` turns true, for a
 * phone where the board sits above the bet buttons the player pressed. Nothing moves when the
 * board is already in view; the scroll jumps instead of gliding when less motion is asked for.
 * The element's CSS `scroll-margin-top` says how much of the screen the sticky header covers.
 */
export function useRevealOnPlay<T extends HTMLElement>(playing: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!playing || !el) return;
    const { top, bottom } = el.getBoundingClientRect();
    const block = revealBlock(top, bottom, window.innerHeight, parseFloat(getComputedStyle(el).scrollMarginTop) || 0);
    if (block) el.scrollIntoView?.({ block, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [playing]);
  return ref;
}
