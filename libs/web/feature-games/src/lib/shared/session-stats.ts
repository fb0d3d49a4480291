import type {
  BlackjackState,
  DiceResult,
  HiloState,
  PlinkoResult,
  SlotsBonus,
  SlotsSpin,
} from '@cosmic/web-data-access';
import { type BetCurrency, groupedAmount } from '@cosmic/web-ui';
import { units } from './autobet';

// Session stats (issue 24 item 3), pure and in bigint base units: what the bets the player settled
// on a game page since it was opened (or reset) staked and paid, per currency (HC and AMINA are
// never added together), and the net profit after each bet for the chart.

/** One settled bet as the session counts it: what it staked and what it paid, in base units. */
export interface SettledBet {
  /** The server's bet id: the same bet reported twice counts once. */
  id: string;
  currency: BetCurrency;
  /** What the bet took from the balance: 0 for a free spin; a blackjack hand's doubles and splits included. */
  stake: bigint;
  payout: bigint;
  /** The bet size a free spin was played at (its stake is 0): what a big win is measured against. */
  base?: bigint;
}

/** One point of the chart: the net profit after the `bet`-th bet of the session. */
export interface NetPoint {
  bet: number;
  net: bigint;
}

/** One currency's session: bets, wagered, paid, wins (paid more than staked), losses (paid less) and the net after each bet. */
export interface CurrencyStats {
  bets: number;
  wagered: bigint;
  paid: bigint;
  wins: number;
  losses: number;
  /** Bets that paid exactly their stake back (a push, a 1x drop, a free spin that paid nothing). */
  even: number;
  net: bigint;
  /** The net profit after each bet, from the start (bet 0, net 0); thinned past MAX_POINTS, first and last kept. */
  points: readonly NetPoint[];
}

/** The session: since when, each currency's stats, and the last bet ids counted. */
export interface SessionStats {
  since: number;
  currencies: Readonly<Record<BetCurrency, CurrencyStats>>;
  counted: readonly string[];
}

/** A session stats change: a settled bet, or Reset (a new session starting at `at`). */
export type SessionAction = { type: 'bet'; bet: SettledBet } | { type: 'reset'; at: number };

/** The chart keeps at most this many points: past it every other point goes (a long autobet stays light). */
export const MAX_POINTS = 400;
/** How many bet ids are remembered to count a bet reported twice once. */
export const COUNTED_IDS = 64;

const EMPTY_CURRENCY: CurrencyStats = {
  bets: 0,
  wagered: 0n,
  paid: 0n,
  wins: 0,
  losses: 0,
  even: 0,
  net: 0n,
  points: [{ bet: 0, net: 0n }],
};

/** A new session starting at `at` (ms since the epoch). */
export function emptySession(at: number): SessionStats {
  return { since: at, currencies: { HC: EMPTY_CURRENCY, AMINA: EMPTY_CURRENCY }, counted: [] };
}

/** Halves a long list of points, keeping the first and the last, so the chart's shape survives. */
export function thinPoints(points: readonly NetPoint[], max = MAX_POINTS): readonly NetPoint[] {
  if (points.length <= max) return points;
  const kept = points.filter((_, i) => i % 2 === 0);
  const last = points[points.length - 1];
  return kept[kept.length - 1] === last ? kept : [...kept, last];
}

/** One currency's stats after one more bet. */
export function addBet(s: CurrencyStats, bet: Pick<SettledBet, 'stake' | 'payout'>): CurrencyStats {
  const net = s.net + bet.payout - bet.stake;
  const bets = s.bets + 1;
  return {
    bets,
    wagered: s.wagered + bet.stake,
    paid: s.paid + bet.payout,
    wins: s.wins + (bet.payout > bet.stake ? 1 : 0),
    losses: s.losses + (bet.payout < bet.stake ? 1 : 0),
    even: s.even + (bet.payout === bet.stake ? 1 : 0),
    net,
    points: thinPoints([...s.points, { bet: bets, net }]),
  };
}

/** The session stats reducer: a bet (counted once per id) or a reset. */
export function sessionStats(state: SessionStats, action: SessionAction): SessionStats {
  if (action.type === 'reset') return emptySession(action.at);
  const { bet } = action;
  if (state.counted.includes(bet.id)) return state;
  return {
    ...state,
    currencies: { ...state.currencies, [bet.currency]: addBet(state.currencies[bet.currency], bet) },
    counted: [...state.counted, bet.id].slice(-COUNTED_IDS),
  };
}

// ---- each game's answers as settled bets ----

/** A dice roll or a plinko drop: its stake and its win. */
export function instantBet(
  r: Pick<DiceResult | PlinkoResult, 'betId' | 'currency' | 'betAmount' | 'winAmount'>,
): SettledBet {
  return { id: r.betId, currency: r.currency, stake: units(r.betAmount), payout: units(r.winAmount) };
}

/** A slots spin: a free spin stakes nothing (its bet size is kept as the base of a big win). */
export function slotsBet(
  r: Pick<SlotsSpin, 'betId' | 'currency' | 'betAmount' | 'winAmount' | 'isFreeSpin'>,
): SettledBet {
  const bet = units(r.betAmount);
  return r.isFreeSpin
    ? { id: r.betId, currency: r.currency, stake: 0n, payout: units(r.winAmount), base: bet }
    : { id: r.betId, currency: r.currency, stake: bet, payout: units(r.winAmount) };
}

/** A bonus purchase: it stakes its cost and pays nothing by itself (the free spins it buys pay). `id` names it (the answer has no bet id). */
export function bonusBuyBet(r: Pick<SlotsBonus, 'currency' | 'cost'>, id: string): SettledBet {
  return { id, currency: r.currency, stake: units(r.cost), payout: 0n };
}

/** A finished blackjack hand: every stake of the hand (doubles and splits included) and what it paid; null while the hand is open. */
export function blackjackBet(
  s: Pick<BlackjackState, 'gameOver' | 'betId' | 'currency' | 'totalStaked' | 'winAmount'>,
): SettledBet | null {
  if (!s.gameOver || !s.betId) return null;
  return { id: s.betId, currency: s.currency, stake: units(s.totalStaked), payout: units(s.winAmount) };
}

/** A finished hi-lo run: its bet and the cash-out (nothing after a wrong guess); null while the run is open. */
export function hiloBet(
  s: Pick<HiloState, 'gameOver' | 'betId' | 'currency' | 'betAmount' | 'winAmount'>,
): SettledBet | null {
  if (!s.gameOver || !s.betId) return null;
  return { id: s.betId, currency: s.currency, stake: units(s.betAmount), payout: units(s.winAmount ?? '0') };
}

// ---- how the panel says it ----

/** A signed amount as the panel shows it: "+35", "−20.5" (a true minus sign), "0". */
export function signedAmount(amount: bigint): string {
  return `${amount < 0n ? '−' : amount > 0n ? '+' : ''}${groupedAmount(amount < 0n ? -amount : amount)}`;
}

/** The chart's text alternative: where the net profit went over the session's bets. */
export function chartSummary(s: CurrencyStats, currency: BetCurrency): string {
  if (s.bets === 0) return `No ${currency} bets yet this session`;
  const nets = s.points.map((p) => p.net);
  const high = nets.reduce((a, b) => (b > a ? b : a));
  const low = nets.reduce((a, b) => (b < a ? b : a));
  const bets = `${s.bets} ${s.bets === 1 ? 'bet' : 'bets'}`;
  return `Net profit over ${bets}: now ${signedAmount(s.net)} ${currency}, highest ${signedAmount(high)} ${currency}, lowest ${signedAmount(low)} ${currency}`;
}
