import { parseCards } from './cards';
import { clockwiseAfter } from './seats';

/**
 * Test helper: a deck that deals the given hole cards (by seat) and board, in this library's
 * deal order (one card at a time from the button's left, twice; then the board), with the
 * remaining cards after them in deck order.
 */
export function stackedDeck(button: number, holes: Record<number, string>, board = ''): number[] {
  const seats = Object.keys(holes).map(Number);
  const order = clockwiseAfter(
    seats.map((seat) => ({ seat })),
    button,
  );
  const top: number[] = [];
  for (let round = 0; round < 2; round++) for (const seat of order) top.push(parseCards(holes[seat])[round]);
  top.push(...parseCards(board));
  const used = new Set(top);
  return [...top, ...Array.from({ length: 52 }, (_, i) => i).filter((c) => !used.has(c))];
}
