import { useCallback, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { parseAmount } from '@cosmic/algorand';
import { balanceRevealActions } from './balance-reveal.slice';
import { newIdempotencyKey } from './idempotency';
import type { GameCurrency } from './games.api';

/** A win held longer than this is shown anyway (an animation that never landed). */
export const MAX_HOLD_MS = 15_000;

/** What a settled game answer says about the money: its currency, win, the balance after it and its nonce. */
export interface SettledAnswer {
  currency: GameCurrency;
  winAmount?: string;
  balance?: string;
  nonce: number;
}

/**
 * For a game screen: `withhold(answer)` right after a settled answer shows its stake as taken and
 * keeps its win out of every shown balance (header, bet panel) until the returned `reveal()` is
 * called, when the animation lands. Leaving the screen reveals whatever is still held.
 */
export function useWinReveal() {
  const dispatch = useDispatch();
  const holds = useRef(new Map<string, number>());
  const reveal = useCallback(
    (id: string) => {
      const timer = holds.current.get(id);
      if (timer === undefined) return;
      window.clearTimeout(timer);
      holds.current.delete(id);
      dispatch(balanceRevealActions.revealed(id));
    },
    [dispatch],
  );
  useEffect(() => {
    const held = holds.current;
    return () => [...held.keys()].forEach(reveal);
  }, [reveal]);
  return useCallback(
    (answer: SettledAnswer): (() => void) => {
      const win = parseAmount(answer.winAmount ?? '0');
      const balance = answer.balance === undefined ? null : parseAmount(answer.balance);
      if (!win.ok || !balance?.ok) return () => undefined;
      const id = newIdempotencyKey();
      dispatch(
        balanceRevealActions.withheld({
          id,
          currency: answer.currency,
          win: win.value.toString(),
          balance: balance.value.toString(),
          nonce: answer.nonce,
        }),
      );
      holds.current.set(
        id,
        window.setTimeout(() => reveal(id), MAX_HOLD_MS),
      );
      return () => reveal(id);
    },
    [dispatch, reveal],
  );
}
