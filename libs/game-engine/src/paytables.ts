import { DICE_BETS, DICE_PAYTABLE, type DiceBet } from './dice';
import { HILO_EDGE } from './hilo';
import { PLINKO_MULTIPLIERS, PLINKO_RISKS, PLINKO_ROWS, type PlinkoRisk } from './plinko';
import { formatR, type Rational, toNumber } from './rational';
import { BLACKJACK_COMPUTED_RTP, BLACKJACK_RTP, diceRtp, hiloRtpPerStep, plinkoRtp } from './rtp';
import { SLOTS_MODEL, SLOTS_SIMULATION } from './slots/cosmic-chaos';
import { GRID_CELLS } from './slots/cluster';

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
  slots: SlotsPaytable;
}

/** A slots symbol as published: weights in the base game and in free spins (same table order). */
export interface SlotsPaytableSymbol {
  id: string;
  emoji: string;
  name: string;
  weight: number;
  freeSpinWeight: number;
  scatter: boolean;
}

/** One pay band: clusters of min..max symbols pay `multiplier` × bet. */
export interface SlotsPayBand {
  min: number;
  max: number;
  multiplier: number;
}

/** Cosmic Chaos Slots as published: rules, tables and the simulated figures (fractions: 0.96 = 96%). */
export interface SlotsPaytable {
  /** Base-game RTP per paid spin, free spins it triggers included (simulated). */
  rtp: number;
  rtpCi: [number, number];
  /** Bonus-buy RTP: return of the bought free spins per `bonusBuyCost` bets (simulated). */
  bonusBuyRtp: number;
  bonusBuyRtpCi: [number, number];
  /** Share of paid spins that return anything (their own cascades or the free spins they trigger). */
  hitRate: number;
  /** Highest single-spin win seen in the published simulations, × bet. */
  maxWin: number;
  /** The cap on one spin's total win, × bet (enforced by the engine; included in every RTP). */
  maxWinCap: number;
  /** Highest round total seen, × bet: a paid spin with the free spins it triggered, or a whole bonus buy. */
  maxRoundWin: number;
  /** Paid spins that trigger free spins (about 1 in 1/this). */
  freeSpinFrequency: number;
  method: string;
  rules: string[];
  symbols: SlotsPaytableSymbol[];
  /** Per paying symbol id: its pay bands by cluster size, 5..25. */
  pays: Record<string, SlotsPayBand[]>;
  freeSpins: { awards: { scatters: number; orMore: boolean; spins: number }[]; retrigger: boolean };
  freeSpinMultiplier: number;
  bonusBuyCost: number;
  bonusBuySpins: number;
}

const num = (r: Rational): number => toNumber(r);

/** Equal neighbouring entries of a pay row (sizes minCluster..25) as bands. */
function payBands(row: readonly number[], minCluster: number, payScale: number): SlotsPayBand[] {
  const bands: SlotsPayBand[] = [];
  for (let size = minCluster; size <= GRID_CELLS; size++) {
    const multiplier = row[Math.min(size - minCluster, row.length - 1)] / payScale;
    const last = bands[bands.length - 1];
    if (last && last.multiplier === multiplier) last.max = size;
    else bands.push({ min: size, max: size, multiplier });
  }
  return bands;
}

function slotsPaytable(): SlotsPaytable {
  const m = SLOTS_MODEL;
  const { base, buy } = SLOTS_SIMULATION;
  const fs = m.freeSpins;
  return {
    rtp: base.rtp,
    rtpCi: base.ci,
    bonusBuyRtp: buy.rtp,
    bonusBuyRtpCi: buy.ci,
    hitRate: base.hitRate,
    maxWin: Math.max(base.maxSpinWin, buy.maxSpinWin),
    maxWinCap: m.maxWin,
    maxRoundWin: Math.max(base.maxRoundWin, buy.maxRoundWin),
    freeSpinFrequency: base.triggers / base.rounds,
    method:
      `${base.rounds} simulated paid spins (free spins they trigger played out) and ${buy.rounds} bonus buys, ` +
      `sfc32 seed ${base.seed}, 95% CI = mean ± 1.96·sd/√n; cap included`,
    rules: [
      '5×5 grid; clusters of 5 or more orthogonally connected equal symbols pay by symbol and size',
      'winning symbols vanish, the rest fall, new symbols drop in; repeats until no cluster wins',
      `the ${m.scatterId} scatter never clusters; ${fs.scattersToTrigger}+ scatters on the final grid award free spins`,
      `free spins use their own weight table${fs.weights[m.symbols.findIndex((s) => s.id === m.scatterId)] === 0 ? ' (no scatters)' : ''}, ` +
        `${fs.retrigger ? 'scatters retrigger them' : 'never retrigger'} and pay ×${fs.multiplier}`,
      `buy bonus: ${m.buyBonus.cost}× the bet for ${m.buyBonus.spins} free spins`,
      `one spin's total win is capped at ${m.maxWin}× the bet`,
      'fill order: first grid row-major, one float per cell; refills column by column (0 → 4), top-down',
      'symbol from a float f: k = floor(f·W), W = total weight; the first symbol whose cumulative weight exceeds k',
    ],
    symbols: m.symbols.map((s, i) => ({
      id: s.id,
      emoji: s.emoji,
      name: s.name ?? s.id,
      weight: s.weight,
      freeSpinWeight: fs.weights[i],
      scatter: s.id === m.scatterId,
    })),
    pays: Object.fromEntries(
      m.symbols
        .filter((s) => s.id !== m.scatterId)
        .map((s) => [s.id, payBands(m.pays[s.id], m.minCluster, m.payScale)]),
    ),
    freeSpins: {
      awards: fs.awards.map((spins, i) => ({
        scatters: fs.scattersToTrigger + i,
        orMore: i === fs.awards.length - 1,
        spins,
      })),
      retrigger: fs.retrigger,
    },
    freeSpinMultiplier: fs.multiplier,
    bonusBuyCost: m.buyBonus.cost,
    bonusBuySpins: m.buyBonus.spins,
  };
}

function buildPaytables(): Paytables {
  const bets = {} as Record<DiceBet, DicePaytableEntry>;
  for (const bet of DICE_BETS) {
    const rtp = diceRtp(bet);
    bets[bet] = {
      totals: [...DICE_PAYTABLE[bet].totals],
      multiplier: num(DICE_PAYTABLE[bet].multiplier),
      rtp: rtp.value,
      rtpExact: formatR(rtp.exact),
    };
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
    slots: slotsPaytable(),
  };
}

/** The published paytables with their exact RTPs (JSON-able). */
export const paytables: Paytables = buildPaytables();
