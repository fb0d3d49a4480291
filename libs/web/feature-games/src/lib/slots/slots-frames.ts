import type { SlotsSpin } from '@cosmic/web-data-access';

/** 5×5 grid, 10 shuffle steps of 100 ms, win highlight 3 s. */
export const SIZE = 5;
export const SHUFFLE_STEPS = 10;
export const SHUFFLE_MS = 100;
export const WIN_HIGHLIGHT_MS = 3000;
export const HIGHLIGHT_MS = 700;
export const VANISH_MS = 350;
/** The ten symbols (for the shuffle). */
export const SYMBOLS = ['🌙', '⭐', '☄️', '🌍', '🪐', '🚀', '🛸', '👽', '🌞', '🌌'] as const;

/** One picture of the board: symbols (null = vanished), lit cells, and how long it stays. */
export interface Frame {
  grid: (string | null)[];
  lit: number[];
  ms: number;
}

/** A random grid for the shuffle. */
export function randomGrid(rand: () => number = Math.random): string[] {
  return Array.from({ length: SIZE * SIZE }, () => SYMBOLS[Math.floor(rand() * SYMBOLS.length)]);
}

/**
 * The frames of a spin after the shuffle: the initial grid, then for each winning step its
 * clusters lit, then vanished, then the refilled grid of the next step; finally the last grid with
 * the last step's winners lit for the win highlight.
 */
export function spinFrames(spin: Pick<SlotsSpin, 'initialGrid' | 'cascades' | 'grid'>): Frame[] {
  const frames: Frame[] = [{ grid: spin.initialGrid, lit: [], ms: spin.cascades.length ? 250 : 0 }];
  spin.cascades.forEach((step) => {
    const cells = [...new Set(step.clusters.flatMap((c) => c.positions.map((p) => p.row * SIZE + p.col)))].sort(
      (a, b) => a - b,
    );
    frames.push({ grid: step.grid, lit: cells, ms: HIGHLIGHT_MS });
    frames.push({ grid: step.grid.map((s, i) => (cells.includes(i) ? null : s)), lit: [], ms: VANISH_MS });
  });
  if (spin.cascades.length) frames.push({ grid: spin.grid, lit: [], ms: 0 });
  return frames;
}
