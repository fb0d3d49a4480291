/** One row of the odds table. */
export interface OddsRow {
  game: string;
  bet: string;
  chance: string;
  pays: string;
}

/**
 * Chance and pay of every bet of the shipped paytables (libs/game-engine; exact RTPs on /fairness):
 * plinko low and high were re-derived from the spec's tables (DESIGN.md §6), slots is capped.
 */
export const ODDS: readonly OddsRow[] = [
  { game: 'Nebula Dice', bet: 'Low (total 2–6)', chance: '41.7% (15 in 36)', pays: '2x' },
  { game: 'Nebula Dice', bet: 'Seven', chance: '16.7% (6 in 36)', pays: '4x' },
  { game: 'Nebula Dice', bet: 'High (total 8–12)', chance: '41.7% (15 in 36)', pays: '2x' },
  { game: 'Quantum Plinko', bet: 'Low risk', chance: 'Ball lands above 1x: 38.8%', pays: '0.6x – 8x' },
  { game: 'Quantum Plinko', bet: 'Medium risk', chance: 'Ball lands above 1x: 14.6%', pays: '0.2x – 25x' },
  { game: 'Quantum Plinko', bet: 'High risk', chance: 'Ball lands above 1x: 14.6%', pays: '0.2x – 60x' },
  { game: 'Galaxy Blackjack', bet: 'One hand, basic strategy', chance: 'About 42% won, 9% pushed', pays: '2x, blackjack 2.5x, max 4x' },
  { game: 'Cosmic Hi-Lo', bet: 'One guess', chance: '46% – 92% (depends on the card)', pays: 'Grows with every correct guess' },
  { game: 'Cosmic Chaos Slots', bet: 'One spin', chance: 'Cluster of 5+ matching symbols', pays: 'Up to 5000x per spin (capped)' },
];
