/** The intro's phases, in order. */
export type WarpPhase = 'accelerating' | 'warping' | 'completing';

/** About 120 frames of acceleration, 1 s of warp, 0.5 s to arrive, then /casino. */
export const ACCELERATION_FRAMES = 120;
export const WARP_MS = 1000;
export const COMPLETE_MS = 500;

/** Depth units per second at the start and at full warp. */
export const MIN_SPEED = 0.06;
export const MAX_SPEED = 2.4;

/** Speed during acceleration: an ease-in from MIN_SPEED to MAX_SPEED over ACCELERATION_FRAMES. */
export function speedAtFrame(frame: number): number {
  const t = Math.min(1, Math.max(0, frame / ACCELERATION_FRAMES));
  return MIN_SPEED + (MAX_SPEED - MIN_SPEED) * t * t * t;
}

/** The counter's "warp factor" for a speed: 1.0 at rest, 9.9 at full warp. */
export function warpFactor(speed: number): number {
  const t = (speed - MIN_SPEED) / (MAX_SPEED - MIN_SPEED);
  return Math.round((1 + 8.9 * Math.min(1, Math.max(0, t))) * 10) / 10;
}

/** What the visitor reads for each phase. */
export const PHASE_LABELS: Record<WarpPhase, string> = {
  accelerating: 'Accelerating…',
  warping: 'Warp speed',
  completing: 'Arriving at the casino…',
};
