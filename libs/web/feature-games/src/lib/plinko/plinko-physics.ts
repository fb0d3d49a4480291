// Plinko board geometry and a ball trajectory that falls under gravity, hops off each peg it hits,
// and is steered by the server's path (one left/right per row) so it lands in the server's slot.

export const BOARD_W = 400;
export const BOARD_H = 500;
export const ROWS = 12;
export const SLOTS = 13;
export const GAP = 28; // horizontal distance between neighbouring pegs
export const ROW_GAP = 30;
export const TOP = 62; // y of the first peg row
export const PEG_R = 4;
export const BALL_R = 6;
export const SLOT_TOP = TOP + (ROWS - 1) * ROW_GAP + 34;
export const SLOT_H = 38;
export const GRAVITY = 900; // px/s²
const CX = BOARD_W / 2;

/** x of peg `i` (0..row+2) in row `row` (0..11): row r has r+3 pegs centred on the board. */
export const pegX = (row: number, i: number) => CX + (i - (row + 2) / 2) * GAP;
/** y of peg row `row`. */
export const pegY = (row: number) => TOP + row * ROW_GAP;
/** Centre x of slot `slot` (0..12). */
export const slotX = (slot: number) => CX + (slot - (SLOTS - 1) / 2) * GAP;

/** One ballistic hop: start point, velocity, duration; gravity pulls it down. */
export interface Hop {
  x: number;
  y: number;
  vx: number;
  vy: number;
  t: number;
}

/** A ball's flight: hops in order, and the slot it lands in. */
export interface Trajectory {
  hops: Hop[];
  duration: number;
  slot: number;
}

/** Seeded jitter so tests are repeatable; the screen passes Math.random. */
export type Rand = () => number;

/**
 * The flight for a server path (0 left / 1 right per row). The ball drops onto the top peg, and off
 * each peg it hops half a gap left or right with a small upward bounce (damped by the row) so it
 * meets the next row's peg; after the last row it falls into slot = number of rights.
 */
export function pathToTrajectory(path: readonly number[], rand: Rand = Math.random): Trajectory {
  if (path.length !== ROWS || path.some((s) => s !== 0 && s !== 1))
    throw new Error(`plinko path must be ${ROWS} steps of 0 or 1`);
  const contact = PEG_R + BALL_R;
  const hops: Hop[] = [];
  // Drop from rest above the middle peg onto its top.
  const dropFrom = 14;
  const fall = pegY(0) - contact - dropFrom;
  hops.push({ x: CX + (rand() - 0.5) * 1.5, y: dropFrom, vx: 0, vy: 0, t: Math.sqrt((2 * fall) / GRAVITY) });
  let x = CX;
  for (let row = 0; row < ROWS; row++) {
    const dir = path[row] === 1 ? 1 : -1;
    const last = row === ROWS - 1;
    const dy = last ? SLOT_TOP + SLOT_H - BALL_R - 4 - (pegY(row) - contact) : ROW_GAP;
    const dx = (dir * GAP) / 2;
    // Hop time: about 0.26–0.32 s between rows; a little longer for the last fall into the slot.
    const t = (last ? 0.42 : 0.26) + rand() * 0.06;
    const vy = (dy - (GRAVITY * t * t) / 2) / t; // negative: a small bounce up off the peg
    hops.push({ x, y: pegY(row) - contact, vx: dx / t, vy, t });
    x += dx;
  }
  const slot = path.reduce((n, s) => n + s, 0);
  return { hops, duration: hops.reduce((d, h) => d + h.t, 0), slot };
}

/** The ball's position `elapsed` seconds into its flight (clamped to the landing point). */
export function positionAt(tr: Trajectory, elapsed: number): { x: number; y: number } {
  let t = Math.max(0, elapsed);
  for (const h of tr.hops) {
    if (t <= h.t) return { x: h.x + h.vx * t, y: h.y + h.vy * t + (GRAVITY * t * t) / 2 };
    t -= h.t;
  }
  const h = tr.hops[tr.hops.length - 1];
  return { x: h.x + h.vx * h.t, y: h.y + h.vy * h.t + (GRAVITY * h.t * h.t) / 2 };
}
