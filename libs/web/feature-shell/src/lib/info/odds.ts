import type { Paytables } from '@cosmic/game-engine';

/** One row of the odds table. */
export interface OddsRow {
  game: string;
  bet: string;
  chance: string;
  pays: string;
  /** Its return to player in the published paytables (GET /api/fairness/paytables), as a fraction. */
  rtp: (p: Paytables) => number;
  /** What the RTP applies to when it is not one whole bet (hi-lo: each guess). */
  rtpNote?: string;
}

/**
 * Chance, pay and return to player of every bet of the shipped paytables (libs/game-engine; exact
 * fractions on /fairness): plinko low and high were re-derived from the specification's tables
 * (libs/game-engine README.md, "Paytables"), slots is capped.
 */
export const ODDS: readonly OddsRow[] = [
  {
    game: 'Nebula Dice',
    bet: 'Low (total 2–6)',
    chance: '41.7% (15 in 36)',
    pays: '2x',
    rtp: (p) => p.dice.bets.low.rtp,
  },
  { game: 'Nebula Dice', bet: 'Seven', chance: '16.7% (6 in 36)', pays: '4x', rtp: (p) => p.dice.bets.seven.rtp },
  {
    game: 'Nebula Dice',
    bet: 'High (total 8–12)',
    chance: '41.7% (15 in 36)',
    pays: '2x',
    rtp: (p) => p.dice.bets.high.rtp,
  },
  {
    game: 'Quantum Plinko',
    bet: 'Low risk',
    chance: 'Ball lands above 1x: 38.8%',
    pays: '0.6x – 8x',
    rtp: (p) => p.plinko.low.rtp,
  },
  {
    game: 'Quantum Plinko',
    bet: 'Medium risk',
    chance: 'Ball lands above 1x: 14.6%',
    pays: '0.2x – 25x',
    rtp: (p) => p.plinko.medium.rtp,
  },
  {
    game: 'Quantum Plinko',
    bet: 'High risk',
    chance: 'Ball lands above 1x: 14.6%',
    pays: '0.2x – 60x',
    rtp: (p) => p.plinko.high.rtp,
  },
  {
    game: 'Galaxy Blackjack',
    bet: 'One hand, basic strategy',
    chance: 'About 42% won, 9% pushed',
    pays: '2x, blackjack 2.5x, max 4x',
    rtp: (p) => p.blackjack.rtp,
    rtpNote: 'with basic strategy',
  },
  {
    game: 'Cosmic Hi-Lo',
    bet: 'One guess',
    chance: '46% – 92% (depends on the card)',
    pays: 'Grows with every correct guess',
    rtp: (p) => p.hilo.rtpPerStep,
    rtpNote: 'per guess',
  },
  {
    game: 'Cosmic Chaos Slots',
    bet: 'One spin',
    chance: 'Cluster of 5+ matching symbols',
    pays: 'Up to 5000x per spin (capped)',
    rtp: (p) => p.slots.rtp,
    rtpNote: 'simulated',
  },
];
