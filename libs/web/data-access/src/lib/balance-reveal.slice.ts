import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { GameCurrency } from './games.api';

/**
 * Wins the screen has not shown yet. The server settles a bet before it answers, so the polled
 * balance already holds the win while the ball is still falling; a game withholds the win from
 * what is shown until its animation lands. Only the display waits: the RTK Query cache keeps the
 * server's balance. Amounts are base units as decimal strings (the store stays serialisable).
 */
export interface BalanceRevealState {
  /** Wins answered but not yet shown, by hold id. */
  held: Record<string, { currency: GameCurrency; win: string }>;
  /** The balance the newest held answer reported (newest: the highest nonce), per currency with a hold. */
  settled: Partial<Record<GameCurrency, { balance: string; nonce: number }>>;
}

const initialState: BalanceRevealState = { held: {}, settled: {} };

export const balanceRevealSlice = createSlice({
  name: 'balanceReveal',
  initialState,
  reducers: {
    /**
     * Bet `nonce` answered with `balance` (stake taken, win added): show `win` less until it is
     * revealed. Answers may arrive out of order (several plinko balls): the highest nonce is newest.
     */
    withheld(
      state,
      { payload }: PayloadAction<{ id: string; currency: GameCurrency; win: string; balance: string; nonce: number }>,
    ) {
      const { id, currency, win, balance, nonce } = payload;
      state.held[id] = { currency, win };
      const newest = state.settled[currency];
      if (!newest || nonce >= newest.nonce) state.settled[currency] = { balance, nonce };
    },
    /** The game showed the win: it counts in the shown balance. */
    revealed(state, { payload: id }: PayloadAction<string>) {
      const hold = state.held[id];
      if (!hold) return;
      delete state.held[id];
      if (!Object.values(state.held).some((h) => h.currency === hold.currency)) delete state.settled[hold.currency];
    },
  },
});

/** Balance reveal actions. */
export const balanceRevealActions = balanceRevealSlice.actions;

/**
 * The balance to show in `currency`: the server's (`cached`) when no win is held back; otherwise
 * the newest answered balance less every win not yet revealed (the stake shows as taken at once).
 */
export function shownBalance(state: BalanceRevealState | undefined, currency: GameCurrency, cached: bigint): bigint {
  const settled = state?.settled[currency];
  if (settled === undefined) return cached;
  const held = Object.values(state?.held ?? {}).reduce(
    (sum, h) => (h.currency === currency ? sum + BigInt(h.win) : sum),
    0n,
  );
  return BigInt(settled.balance) - held;
}
