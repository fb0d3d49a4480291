/** Seats at a table. */
export const SEATS = 6;

/**
 * Which table seat is drawn where: position 0 (the bottom) is the viewer's seat, then clockwise
 * (positions 1–5 go up the left side, across the top and down the right). The stylesheet places
 * each position for wide and narrow screens.
 */
export function seatOrder(you: number | null): number[] {
  const first = you ?? 0;
  return Array.from({ length: SEATS }, (_, i) => (first + i) % SEATS);
}
