import {
  BLACKJACK_RTP,
  DICE_BETS,
  diceRtp,
  hiloRtpPerStep,
  paytables as publishedPaytables,
  PLINKO_RISKS,
  plinkoRtp,
  type Paytables,
} from '@cosmic/game-engine';

/** A published RTP that the engine's own math does not reproduce (or that pays over 100%). */
export interface RtpMismatch {
  game: string;
  published: number;
  computed: number;
  problem: 'differs' | 'player-edge';
}

const SAME = 1e-12;

/** One published RTP: `game` as bets are labelled (dice, plinko, hilo, blackjack, slots) and its variant. */
export interface PublishedRtp {
  game: string;
  variant: string;
  published: number;
  computed: number;
}

/**
 * Every RTP GET /api/fairness/paytables publishes, next to what game-engine's own math computes:
 * what the auditor checks and what casino_published_rtp exports.
 */
export function publishedRtps(published: Paytables = publishedPaytables): PublishedRtp[] {
  const rows: PublishedRtp[] = [];
  for (const bet of DICE_BETS)
    rows.push({ game: 'dice', variant: bet, published: published.dice.bets[bet].rtp, computed: diceRtp(bet).value });
  for (const risk of PLINKO_RISKS)
    rows.push({
      game: 'plinko',
      variant: risk,
      published: published.plinko[risk].rtp,
      computed: plinkoRtp(risk).value,
    });
  rows.push({ game: 'hilo', variant: 'step', published: published.hilo.rtpPerStep, computed: hiloRtpPerStep().value });
  rows.push({
    game: 'blackjack',
    variant: 'basic-strategy',
    published: published.blackjack.rtp,
    computed: BLACKJACK_RTP.rtp,
  });
  // slots are tuned by simulation, not enumeration: only their edge can be checked here
  rows.push({ game: 'slots', variant: 'base', published: published.slots.rtp, computed: published.slots.rtp });
  rows.push({
    game: 'slots',
    variant: 'bonus-buy',
    published: published.slots.bonusBuyRtp,
    computed: published.slots.bonusBuyRtp,
  });
  return rows;
}

/**
 * Recomputes every exactly-computable RTP from game-engine's paytables and compares it with what
 * GET /api/fairness/paytables publishes; also refuses any game that pays the player an edge.
 */
export function checkRtps(published: Paytables = publishedPaytables): { checked: number; mismatches: RtpMismatch[] } {
  // the finding names the paytable as before: dice/low, hilo/step, blackjack
  const rows = publishedRtps(published).map((r) => ({
    game: r.game === 'blackjack' ? r.game : `${r.game}/${r.variant}`,
    published: r.published,
    computed: r.computed,
  }));
  const mismatches: RtpMismatch[] = [];
  for (const r of rows) {
    if (Math.abs(r.published - r.computed) > SAME) mismatches.push({ ...r, problem: 'differs' });
    else if (r.computed >= 1) mismatches.push({ ...r, problem: 'player-edge' });
  }
  return { checked: rows.length, mismatches };
}
