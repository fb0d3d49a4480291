import { BLACKJACK_RTP, DICE_BETS, diceRtp, hiloRtpPerStep, paytables as publishedPaytables, PLINKO_RISKS, plinkoRtp, type Paytables } from '@cosmic/game-engine';

/** A published RTP that the engine's own math does not reproduce (or that pays over 100%). */
export interface RtpMismatch {
  game: string;
  published: number;
  computed: number;
  problem: 'differs' | 'player-edge';
}

const SAME = 1e-12;

/**
 * Recomputes every exactly-computable RTP from game-engine's paytables and compares it with what
 * GET /api/fairness/paytables publishes; also refuses any game that pays the player an edge.
 */
export function checkRtps(published: Paytables = publishedPaytables): { checked: number; mismatches: RtpMismatch[] } {
  const rows: Array<{ game: string; published: number; computed: number }> = [];
  for (const bet of DICE_BETS) rows.push({ game: `dice/${bet}`, published: published.dice.bets[bet].rtp, computed: diceRtp(bet).value });
  for (const risk of PLINKO_RISKS) rows.push({ game: `plinko/${risk}`, published: published.plinko[risk].rtp, computed: plinkoRtp(risk).value });
  rows.push({ game: 'hilo/step', published: published.hilo.rtpPerStep, computed: hiloRtpPerStep().value });
  rows.push({ game: 'blackjack', published: published.blackjack.rtp, computed: BLACKJACK_RTP.rtp });
  // slots are tuned by simulation, not enumeration: only their edge can be checked here
  rows.push({ game: 'slots/base', published: published.slots.rtp, computed: published.slots.rtp });
  rows.push({ game: 'slots/bonus-buy', published: published.slots.bonusBuyRtp, computed: published.slots.bonusBuyRtp });
  const mismatches: RtpMismatch[] = [];
  for (const r of rows) {
    if (Math.abs(r.published - r.computed) > SAME) mismatches.push({ ...r, problem: 'differs' });
    else if (r.computed >= 1) mismatches.push({ ...r, problem: 'player-edge' });
  }
  return { checked: rows.length, mismatches };
}
