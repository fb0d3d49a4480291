import { DICE_BETS, DICE_PAYTABLE, type DiceBet } from './dice';
import { HILO_EDGE } from './hilo';
import { PLINKO_MULTIPLIERS, PLINKO_RISKS, PLINKO_ROWS, type PlinkoRisk } from './plinko';
import { formatR, type Rational, toNumber } from './rational';
import { BLACKJACK_COMPUTED_RTP, BLACKJACK_RTP, diceRtp, hiloRtpPerStep, plinkoRtp } from './rtp';

/** A dice bet as published. */
export interface DicePaytableEntry {
  totals: number[];
  multiplier: number;
  rtp: number;
  rtpExact: string;
}

/** A plinko risk level as published. */
export interface PlinkoPaytableEntry {
  multipliers: number[];
  rtp: number;
  rtpExact: string;
  maxMultiplier: number;
}

/** Everything published at GET /api/fairness/paytables: plain JSON (numbers; exact fractions as "num/den"). */
export interface Paytables {
  dice: { bets: Record<DiceBet, DicePaytableEntry>; maxMultiplier: number };
  plinko: { rows: number; probabilities: string } & Record<PlinkoRisk, PlinkoPaytableEntry>;
  hilo: { edge: number; rtpPerStep: number; rtpPerStepExact: string; rule: string };
  blackjack: {
    rules: string[];
    rtp: number;
    ci: [number, number];
    method: string;
    computedRtp: number;
    maxWin: { multiplier: number; totalReturn: number; totalStaked: number; explanation: string };
  };
  slots: null;
}

const num = (r: Rational): number => toNumber(r);

function buildPaytables(): Paytables {
  const bets = {} as Record<DiceBet, DicePaytableEntry>;
  for (const bet of DICE_BETS) {
    const rtp = diceRtp(bet);
    bets[bet] = { totals: [...DICE_PAYTABLE[bet].totals], multiplier: num(DICE_PAYTABLE[bet].multiplier), rtp: rtp.value, rtpExact: formatR(rtp.exact) };
  }
  const plinkoEntry = (risk: PlinkoRisk): PlinkoPaytableEntry => {
    const rtp = plinkoRtp(risk);
    const multipliers = PLINKO_MULTIPLIERS[risk].map(Number);
    return { multipliers, rtp: rtp.value, rtpExact: formatR(rtp.exact), maxMultiplier: Math.max(...multipliers) };
  };
  const hilo = hiloRtpPerStep();
  const plinko = { rows: PLINKO_ROWS, probabilities: 'slot k with probability C(12,k)/4096' } as Paytables['plinko'];
  for (const risk of PLINKO_RISKS) plinko[risk] = plinkoEntry(risk);
  return {
    dice: { bets, maxMultiplier: Math.max(...DICE_BETS.map((b) => bets[b].multiplier)) },
    plinko,
    hilo: {
      edge: num(HILO_EDGE),
      rtpPerStep: hilo.value,
      rtpPerStepExact: formatR(hilo.exact),
      rule: 'each correct guess multiplies the run by (1 − edge) / p, p the exact chance of that guess winning; equal ranks lose',
    },
    blackjack: {
      rules: [
        'unlimited deck',
        'dealer stands on all 17s',
        'dealer peeks: a dealer blackjack settles the hand at once',
        'blackjack pays 3:2',
        'double on any first two cards, also after a split',
        'split two cards of equal rank once; split aces take one card each',
        '21 after a split is not a blackjack',
        'no insurance, no surrender',
      ],
      rtp: BLACKJACK_RTP.rtp,
      ci: BLACKJACK_RTP.ci,
      method: `basic strategy, ${BLACKJACK_RTP.hands} simulated rounds (seed ${BLACKJACK_RTP.seed}), 95% CI = mean ± 1.96·sd/√n; RTP per initial bet`,
      computedRtp: BLACKJACK_COMPUTED_RTP,
      maxWin: {
        multiplier: 4,
        totalReturn: 8,
        totalStaked: 4,
        explanation: 'split, double both hands and win both: 4 base bets staked return 8, a net win of 4× the base bet',
      },
    },
    slots: null,
  };
}

/** The published paytables with their exact RTPs (JSON-able). */
export const paytables: Paytables = buildPaytables();
