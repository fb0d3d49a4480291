import type { Refusal } from '../shared/refusals';

/** What one free spin answered, as far as the run reads it. */
export interface FreeSpinAnswer {
  winAmount: string;
  freeSpinsLeft: number;
}

/** How one free spin went: its answer once its animation has played, or the refusal the toast said. */
export type FreeSpinOutcome<S extends FreeSpinAnswer> = { ok: true; spin: S } | { ok: false; refusal: Refusal };

/** How a run of free spins ended. */
export interface FreeSpinRunEnd {
  /** Spins played in this run. */
  played: number;
  /** Spins still held by the server. */
  left: number;
  /** Why the server refused the next spin (it keeps the spins), or null. */
  refusal: Refusal | null;
}

/**
 * Plays the `left` free spins the server holds, one after the other, each its own call: `spin`
 * resolves once the spin's animation has played, then the run waits `gapMs` so the player sees the
 * outcome. `stopped` is read before each spin: a Stop ends the run after the spin in flight, and
 * the spins not played stay with the player. A refusal ends the run; the server keeps the spins.
 */
export async function runFreeSpins<S extends FreeSpinAnswer>(
  left: number,
  io: {
    spin(): Promise<FreeSpinOutcome<S>>;
    pause(ms: number): Promise<void>;
    stopped(): boolean;
    /** Told after each spin played (the running bonus total, the payout of an autobet bet). */
    played?(spin: S): void;
  },
  { firstMs = 0, gapMs = 0 }: { firstMs?: number; gapMs?: number } = {},
): Promise<FreeSpinRunEnd> {
  let played = 0;
  if (left > 0 && firstMs > 0) await io.pause(firstMs);
  while (left > 0 && !io.stopped()) {
    const r = await io.spin();
    if (!r.ok) return { played, left, refusal: r.refusal };
    played++;
    left = r.spin.freeSpinsLeft;
    io.played?.(r.spin);
    if (left > 0 && gapMs > 0 && !io.stopped()) await io.pause(gapMs);
  }
  return { played, left, refusal: null };
}
