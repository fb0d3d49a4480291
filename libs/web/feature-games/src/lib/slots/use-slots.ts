import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type SlotsSpin, useSlotsBuyBonusMutation, useSlotsSpinMutation, useSlotsStateQuery } from '@cosmic/web-data-access';
import { useGameBet } from '../shared/use-game-bet';
import { type Frame, randomGrid, SHUFFLE_MS, SHUFFLE_STEPS, spinFrames, WIN_HIGHLIGHT_MS } from './slots-frames';

/** Buying the bonus costs 100x the bet (spec §9). */
export const BONUS_PRICE = 100n;
/** Buy bonus starts its first free spin 2 s later (spec §4). */
export const BONUS_AUTOSPIN_MS = 2000;

const sleep = (ms: number) => new Promise((done) => window.setTimeout(done, ms));

/** Slots: idle → shuffling (10 × 100 ms) → the server's grid and cascades → win lit 3 s; free spins from the server. */
export function useSlots() {
  const bet = useGameBet();
  const [spinCall] = useSlotsSpinMutation();
  const [buyCall, buying] = useSlotsBuyBonusMutation();
  const { data: held } = useSlotsStateQuery(bet.walletAddress || skipToken, { refetchOnMountOrArgChange: true });
  const [frame, setFrame] = useState<Frame>(() => ({ grid: randomGrid(), lit: [], ms: 0 }));
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SlotsSpin | null>(null);
  const [winLit, setWinLit] = useState(false);
  const [freeSpins, setFreeSpins] = useState<number | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const freeLeft = freeSpins ?? held?.freeSpinsLeft ?? 0;

  const spin = useCallback(
    async (free = freeLeft > 0) => {
      if (spinning || (!free && (!bet.canBet || !bet.check()))) return;
      setSpinning(true);
      setResult(null);
      setWinLit(false);
      const call = spinCall(free ? { walletAddress: bet.walletAddress, isFreeSpins: true } : { walletAddress: bet.walletAddress, currency: bet.currency, betAmount: bet.betAmount, isFreeSpins: false }).unwrap();
      call.catch(() => undefined);
      for (let i = 0; i < SHUFFLE_STEPS && alive.current; i++) {
        setFrame({ grid: randomGrid(), lit: [], ms: SHUFFLE_MS });
        await sleep(SHUFFLE_MS);
      }
      try {
        const r = await call;
        for (const f of spinFrames(r)) {
          if (!alive.current) return;
          setFrame(f);
          if (f.ms) await sleep(f.ms);
        }
        setResult(r);
        setFreeSpins(r.freeSpinsLeft);
        if (r.isWin) {
          setWinLit(true);
          window.setTimeout(() => alive.current && setWinLit(false), WIN_HIGHLIGHT_MS);
        }
      } catch (e) {
        bet.fail(e, 'Failed to spin!');
      } finally {
        if (alive.current) setSpinning(false);
      }
    },
    [spinning, bet, spinCall, freeLeft],
  );

  const buyBonus = useCallback(async () => {
    // spec §5: buying the bonus stakes 100x the bet
    if (!bet.check(BONUS_PRICE, 'Insufficient balance for bonus!')) return;
    try {
      const r = await buyCall({ walletAddress: bet.walletAddress, currency: bet.currency, betAmount: bet.betAmount }).unwrap();
      setFreeSpins(r.freeSpinsLeft);
      window.setTimeout(() => alive.current && void spin(true), BONUS_AUTOSPIN_MS);
    } catch (e) {
      bet.fail(e, 'Failed to buy bonus!', 'Insufficient balance for bonus!');
    }
  }, [bet, buyCall, spin]);

  return { bet, frame, spinning, buying: buying.isLoading, result, winLit, freeLeft, bonus: freeLeft > 0 || Boolean(result?.isFreeSpin), spin, buyBonus };
}
