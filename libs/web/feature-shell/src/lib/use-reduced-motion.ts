import { useState } from 'react';

/** True when the visitor asked the system for less motion (read once, at mount). */
export function usePrefersReducedMotion(): boolean {
  const [reduced] = useState(prefersReducedMotion);
  return reduced;
}

/** The current `prefers-reduced-motion: reduce` answer; false where matchMedia is missing. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
