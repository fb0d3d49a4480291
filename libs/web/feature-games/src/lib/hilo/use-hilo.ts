import { useCallback, useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  type HiloState,
  useHiloCashoutMutation,
  useHiloCurrentQuery,
  useHiloGuessMutation,
  useHiloStartMutation,
  useRequestAddress,
} from '@cosmic/web-data-access';
import { openRound } from '../shared/open-round';
import { useGameBet } from '../shared/use-game-bet';

/** A probability 0..1 as the buttons show it: "46.2%". */
export const percent = (p: number) => `${(Math.round(p * 1000) / 10).toFixed(1)}%`;
/** A multiplier as shown: "1.8x" (up to 2 decimals). */
export const times = (m: number) => `${Math.round(m * 100) / 100}x`;

/** What the screen says after an answer: the server's loss message, a cash-out, or the run so far. */
export function hiloMessage(
  s: Pick<HiloState, 'gameOver' | 'won' | 'message' | 'winAmount' | 'currency' | 'streak'> | null,
): { text: string; tone?: 'win' | 'lose' } {
  if (!s) return { text: '' };
  if (s.gameOver && s.won === false) return { text: s.message ?? 'Wrong! Game over', tone: 'lose' };
  if (s.gameOver) return { text: `Cashed out ${s.winAmount ?? '0'} ${s.currency}!`, tone: 'win' };
  if (s.won) return { text: `Correct! Streak ${s.streak}`, tone: 'win' };
  return { text: 'Higher or lower?' };
}

/** Hi-Lo: start → guess higher/lower (streak grows) → cash out with streak > 0, or lose on a wrong/equal card. */
export function useHilo() {
  const bet = useGameBet();
  const [start, starting] = useHiloStartMutation();
  const [guess, guessing] = useHiloGuessMutation();
  const [cashout, cashing] = useHiloCashoutMutation();
  const { current } = useHiloCurrentQuery(useRequestAddress() || skipToken, {
    refetchOnMountOrArgChange: true,
    selectFromResult: openRound,
  });
  const [state, setState] = useState<HiloState | null>(null);
  const [guesses, setGuesses] = useState<string[]>([]);
  const busy = starting.isLoading || guessing.isLoading || cashing.isLoading;
  const active = Boolean(state && !state.gameOver && state.next);

  // a reload mid-round: the round plays on, and the bet field shows its stake (locked until it ends)
  const { adopt } = bet;
  useEffect(() => {
    if (current?.active && !state) {
      setState(current);
      adopt(current);
    }
  }, [current, state, adopt]);

  const begin = useCallback(async () => {
    if (!bet.check()) return;
    try {
      setState(
        await start({ walletAddress: bet.requestAddress(), currency: bet.currency, bet: bet.betAmount }).unwrap(),
      );
      setGuesses([]);
    } catch (e) {
      bet.fail(e, 'Failed to start game!');
    }
  }, [bet, start]);

  const pick = useCallback(
    async (direction: 'higher' | 'lower') => {
      try {
        setState(await guess({ walletAddress: bet.requestAddress(), direction }).unwrap());
        setGuesses((g) => [...g, direction]);
      } catch (e) {
        bet.fail(e, 'Failed to start game!');
      }
    },
    [bet, guess],
  );

  const cashOut = useCallback(async () => {
    try {
      const r = await cashout({ walletAddress: bet.requestAddress() }).unwrap();
      setState((s) => (s ? { ...s, ...r, gameOver: true, won: true } : r));
    } catch (e) {
      bet.fail(e, 'Failed to cashout!');
    }
  }, [bet, cashout]);

  return { bet, state, guesses, active, busy, begin, pick, cashOut, message: hiloMessage(state) };
}
