/** Seats at a table. */
export const MAX_SEATS = 6;

/** The button's next position: the first seat after `previous`, clockwise, among `seats` (lowest seat when there is none). */
export function nextButton(previous: number | null, seats: readonly number[]): number {
  const sorted = [...seats].sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('nextButton: no seats');
  if (previous === null) return sorted[0];
  return sorted.find((s) => s > previous) ?? sorted[0];
}

/** Seats of `players` clockwise, starting with the first seat after `seat`. */
export function clockwiseAfter(players: readonly { seat: number }[], seat: number): number[] {
  const seats = players.map((p) => p.seat).sort((a, b) => a - b);
  return [...seats.filter((s) => s > seat), ...seats.filter((s) => s <= seat)];
}
