import { fairStream, type FloatSource, type HmacSha256 } from '@cosmic/game-engine';
import { POKER_DECK_SIZE, type CardIndex } from './cards';

/**
 * Fisher–Yates over the 52-card deck in deck order (♦2 ♥2 ♠2 ♣2 ♦3 … ♣A), driven by one
 * provably-fair stream: for i = 51 down to 1, j = floor(f × (i + 1)) with f the stream's next
 * float (float 0 for i = 51, float 1 for i = 50, …, 51 floats in all), then swap positions i
 * and j. Position 0 of the result is the top of the deck.
 */
export function shuffleDeck(source: FloatSource): CardIndex[] {
  const deck = Array.from({ length: POKER_DECK_SIZE }, (_, i) => i);
  for (let i = POKER_DECK_SIZE - 1; i >= 1; i--) {
    const j = Math.floor(source.next() * (i + 1));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/** The deck of one hand: `shuffleDeck` over the stream of (serverSeed, clientSeed, nonce). */
export function pokerDeck(serverSeed: string, clientSeed: string, nonce: number, hmac?: HmacSha256): CardIndex[] {
  return shuffleDeck(fairStream(serverSeed, clientSeed, nonce, hmac));
}
