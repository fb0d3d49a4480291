import { GameEngineError } from './errors';
import { type RtpEstimate, simulateBlackjack } from './blackjack/simulate';
import { DICE_PAYTABLE, type DiceBet } from './dice';
import { hiloFactor } from './hilo';
import { PLINKO_ROWS, type PlinkoRisk, plinkoMultiplier } from './plinko';
import { addR, equalsR, mulR, type Rational, ratio, toNumber } from './rational';

/** An exactly computed RTP: the fraction and its nearest double. */
export interface ExactRtp {
  exact: Rational;
  value: number;
}

const exactRtp = (r: Rational): ExactRtp => ({ exact: r, value: toNumber(r) });

/** Dice RTP of a bet by enumerating all 36 equally likely rolls. */
export function diceRtp(bet: DiceBet): ExactRtp {
  const { totals, multiplier } = DICE_PAYTABLE[bet];
  let sum = ratio(0);
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) if (totals.includes(a + b)) sum = addR(sum, multiplier);
  }
  return exactRtp(mulR(sum, ratio(1, 36)));
}

function binomial(n: number, k: number): bigint {
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
}

/** Plinko RTP of a risk level: Σ C(12,k) × multiplier(k) / 2^12, exactly. */
export function plinkoRtp(risk: PlinkoRisk): ExactRtp {
  let sum = ratio(0);
  for (let k = 0; k <= PLINKO_ROWS; k++)
    sum = addR(sum, mulR(ratio(binomial(PLINKO_ROWS, k)), plinkoMultiplier(risk, k)));
  return exactRtp(mulR(sum, ratio(1, 2 ** PLINKO_ROWS)));
}

/**
 * Hi-lo RTP of one guess, over every card value and both directions that can win: p × factor.
 * It is the same for every allowed guess (1 − edge); throws if any guess disagrees.
 */
export function hiloRtpPerStep(): ExactRtp {
  let found: Rational | null = null;
  for (let v = 1; v <= 13; v++) {
    for (const dir of ['higher', 'lower'] as const) {
      const p = ratio(dir === 'higher' ? 13 - v : v - 1, 13);
      if (p.num === 0n) continue;
      const r = mulR(p, hiloFactor(v, dir));
      if (found && !equalsR(found, r)) throw new GameEngineError(`hi-lo step RTP differs at value ${v} ${dir}`);
      found = r;
    }
  }
  return exactRtp(found!);
}

/**
 * Blackjack RTP of the basic strategy from a long seeded run of `simulateBlackjack`, recorded by
 * libs/game-engine/scripts/blackjack-rtp.mjs (re-run it after any rule or strategy change;
 * 10M rounds take about 30 s on one core).
 */
export const BLACKJACK_RTP: RtpEstimate = {
  hands: 10_000_000,
  seed: 20250101,
  rtp: 0.99434,
  sd: 1.1452753579666177,
  ci: [0.9936301509788691, 0.9950498490211309],
};

/** The same strategy's RTP by recursion over the unlimited deck (checks the simulation). */
export const BLACKJACK_COMPUTED_RTP = 0.9942961198772626;

/** Blackjack RTP: the recorded long run, or a fresh seeded simulation of `hands` rounds. */
export function blackjackRtp(hands?: number, seed = 1): RtpEstimate {
  return hands === undefined ? BLACKJACK_RTP : simulateBlackjack(hands, seed);
}
