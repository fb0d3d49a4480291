// Card indexes follow the game-engine deck: rank = index >> 2 (2 … A), suit = index & 3 (♦ ♥ ♠ ♣).
// Written out here rather than imported so the page's chunk does not pull in the engine.

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUITS = ['♦', '♥', '♠', '♣'];
const SUIT_NAMES = ['diamonds', 'hearts', 'spades', 'clubs'];
const RANK_NAMES = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
];

/** Rank and suit text of a card: { rank: 'A', suit: '♣', red: false }. */
export function cardFace(card: number): { rank: string; suit: string; red: boolean } {
  return { rank: RANKS[card >> 2], suit: SUITS[card & 3], red: (card & 3) < 2 };
}

/** "A♣". */
export function cardLabel(card: number): string {
  const f = cardFace(card);
  return `${f.rank}${f.suit}`;
}

/** "ace of clubs", for screen readers. */
export function cardName(card: number): string {
  return `${RANK_NAMES[card >> 2]} of ${SUIT_NAMES[card & 3]}`;
}
