import { useCallback, useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  type BlackjackAction,
  type BlackjackState,
  useBlackjackActMutation,
  useBlackjackCurrentQuery,
  useBlackjackDealMutation,
  useRequestAddress,
} from '@cosmic/web-data-access';
import { openRound } from '../shared/open-round';
import { useGameBet } from '../shared/use-game-bet';

/** A hand's total as shown: "Soft 17" when an ace still counts 11, else "17". */
export function totalLabel(total: number, soft: boolean): string {
  return soft && total <= 21 ? `Soft ${total}` : String(total);
}

/**
 * What a hand's total line says: "Blackjack" for an ace and a ten-value card as the first two
 * cards of an unsplit hand (it beats any other 21), else its total.
 */
export function handLabel(cards: readonly unknown[], total: number, soft: boolean, split = false): string {
  return !split && cards.length === 2 && total === 21 ? 'Blackjack' : totalLabel(total, soft);
}

/** The outcome message of a settled hand. */
export function blackjackMessage(
  s: (Pick<BlackjackState, 'result' | 'dealerTotal' | 'gameOver'> & { hands?: Array<{ doubled: boolean }> }) | null,
): { text: string; tone?: 'win' | 'lose' } {
  if (!s?.gameOver || !s.result) return { text: '' };
  switch (s.result) {
    case 'blackjack':
      return { text: 'BLACKJACK! You win!', tone: 'win' };
    case 'bust':
      // the spec's two bust texts: a doubled hand that busts on its one card, or a hit that busts
      return { text: s.hands?.some((h) => h.doubled) ? 'Bust! Dealer wins' : 'Bust! You lose', tone: 'lose' };
    case 'push':
      return { text: 'Push! Bet returned' };
    case 'lose':
      return { text: 'Dealer wins', tone: 'lose' };
    case 'win':
      return { text: s.dealerTotal > 21 ? 'Dealer busts! You win!' : 'You win!', tone: 'win' };
  }
}

const FAILED: Record<BlackjackAction, string> = {
  hit: 'Hit failed',
  stand: 'Stand failed',
  double: 'Double down failed',
  split: 'Split failed',
};

/** Blackjack: no hand → playing (hit / stand / double / split as the server allows) → finished; resumes an open hand. */
export function useBlackjack() {
  const bet = useGameBet({ hcOnly: true });
  const [deal, dealing] = useBlackjackDealMutation();
  const [act, acting] = useBlackjackActMutation();
  const { current } = useBlackjackCurrentQuery(useRequestAddress() || skipToken, {
    refetchOnMountOrArgChange: true,
    selectFromResult: openRound,
  });
  const [state, setState] = useState<BlackjackState | null>(null);
  const [actions, setActions] = useState<BlackjackAction[]>([]);
  const busy = dealing.isLoading || acting.isLoading;
  const playing = Boolean(state && !state.gameOver);

  // a reload mid-round: the round plays on, and the bet field shows its stake (locked until it ends)
  const { adopt } = bet;
  useEffect(() => {
    if (current?.active && !state) {
      setState(current);
      adopt(current);
    }
  }, [current, state, adopt]);

  const start = useCallback(async () => {
    if (!bet.check()) return;
    try {
      setState(
        await deal({ walletAddress: bet.requestAddress(), currency: bet.currency, betAmount: bet.betAmount }).unwrap(),
      );
      setActions([]);
    } catch (e) {
      bet.fail(e, 'Failed to deal cards');
    }
  }, [bet, deal]);

  const play = useCallback(
    async (action: BlackjackAction) => {
      try {
        setState(await act({ walletAddress: bet.requestAddress(), action }).unwrap());
        setActions((a) => [...a, action]);
      } catch (e) {
        bet.fail(e, FAILED[action]);
      }
    },
    [bet, act],
  );

  const can = (a: BlackjackAction) => playing && !busy && Boolean(state?.legalActions.includes(a));
  return { bet, state, actions, playing, busy, start, play, can, message: blackjackMessage(state) };
}
