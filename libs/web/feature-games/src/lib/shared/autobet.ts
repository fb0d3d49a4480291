import { parseAmount } from '@cosmic/algorand';
import { type BetRange, clampBet } from '@cosmic/web-ui';

// Autobet's rules (issue 24 item 1), pure and in bigint base units: how the bet moves after a win
// or a loss, when the run stops, and how each bet is kept inside the panel's limits (libs/web/ui bet-math.ts).

/** After a win or a loss: back to the starting bet, or the last bet raised by `basisPoints` (1% = 100). */
export type Adjust = { kind: 'reset' } | { kind: 'increase'; basisPoints: bigint };

/** What the player set in the Auto tab. A stop amount of null is off; `bets` 0 runs until stopped. */
export interface AutobetSettings {
  bets: number;
  onWin: Adjust;
  onLoss: Adjust;
  stopProfit: bigint | null;
  stopLoss: bigint | null;
  stopWin: bigint | null;
}

/** A run so far: the starting bet, the next bet (before clamping), bets placed and net profit (negative: a loss). */
export interface AutobetRun {
  base: bigint;
  next: bigint;
  placed: number;
  net: bigint;
}

/** Why a run ended by its own rules. */
export type AutobetStop = 'count' | 'profit' | 'loss' | 'single-win';

/** A settled bet: what it staked and what it paid back (0 on a loss; the stake on a push). */
export interface SettledBet {
  stake: bigint;
  payout: bigint;
}

/** A new run starting at `base`. */
export function startRun(base: bigint): AutobetRun {
  return { base, next: base, placed: 0, net: 0n };
}

/** The bet after `amount` under `adjust`: the starting bet again, or `amount` raised by the percentage (rounded down to a base unit). */
export function adjustBet(amount: bigint, adjust: Adjust, base: bigint): bigint {
  return adjust.kind === 'reset' ? base : amount + (amount * adjust.basisPoints) / 10_000n;
}

/**
 * The run after one settled bet, and why it stops there (or null). A bet that pays more than it
 * staked is a win; anything else (a loss, a push) counts as a loss for the progression. The stop
 * rules are checked in the order count, single win, profit, loss; `bets` 0 never stops by count.
 */
export function afterBet(
  run: AutobetRun,
  settings: AutobetSettings,
  bet: SettledBet,
): { run: AutobetRun; stop: AutobetStop | null } {
  const won = bet.payout > bet.stake;
  const next: AutobetRun = {
    base: run.base,
    next: adjustBet(bet.stake, won ? settings.onWin : settings.onLoss, run.base),
    placed: run.placed + 1,
    net: run.net + bet.payout - bet.stake,
  };
  let stop: AutobetStop | null = null;
  if (settings.bets > 0 && next.placed >= settings.bets) stop = 'count';
  else if (settings.stopWin !== null && won && bet.payout >= settings.stopWin) stop = 'single-win';
  else if (settings.stopProfit !== null && next.net >= settings.stopProfit) stop = 'profit';
  else if (settings.stopLoss !== null && -next.net >= settings.stopLoss) stop = 'loss';
  return { run: next, stop };
}

/** The bet to place: `amount` rounded down to the range's step, then clamped to it (never above the maximum, which includes the balance); null when no bet fits. */
export function clampAutobet(amount: bigint, range: BetRange): bigint | null {
  if (range.max < range.min) return null;
  return clampBet(amount - (amount % range.step), range);
}

/**
 * A percentage as the player types it ("100", "12.5", "0.01") in basis points, or null when it
 * is not a non-negative number with at most two decimals (or is above 10,000%).
 */
export function parsePercent(text: string): bigint | null {
  const m = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return bp <= 1_000_000n ? bp : null;
}

/** A decimal amount of a game's answer ("12.5") in base units; an absent or unreadable one is 0. */
export function units(text: string | undefined): bigint {
  const parsed = parseAmount(text ?? '0');
  return parsed.ok ? parsed.value : 0n;
}
