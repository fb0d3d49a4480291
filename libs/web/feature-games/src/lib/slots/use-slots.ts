import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import {
  type SlotsBonus,
  type SlotsSpin,
  usePaytablesQuery,
  useSlotsBuyBonusMutation,
  useSlotsSpinMutation,
  useSlotsStateQuery,
  useWinReveal,
} from '@cosmic/web-data-access';
import { units } from '../shared/autobet';
import { payoutText } from '../shared/payout-text';
import { INSUFFICIENT_BALANCE, type Refusal } from '../shared/refusals';
import type { PlaceResult } from '../shared/use-autobet';
import { useGameBet } from '../shared/use-game-bet';
import { type Frame, randomGrid, SHUFFLE_MS, SHUFFLE_STEPS, spinFrames, WIN_HIGHLIGHT_MS } from './slots-frames';

/** Buying the bonus costs 100x the bet (spec §9). */
export const BONUS_PRICE = 100n;
/** Free spins a bought bonus gives (the shipped model's; the published paytable's when it has answered). */
export const BONUS_SPINS = 10;
/** Buy bonus starts its first free spin 2 s later (spec §4). */
export const BONUS_AUTOSPIN_MS = 2000;

const sleep = (ms: number) => new Promise((done) => window.setTimeout(done, ms));

/** The buy-bonus question, with the real count and cost: "Buy 10 free spins for 1,000 HC?". */
export function bonusQuestion(spins: number, betAmount: string, currency: string): string {
  const bet = parseAmount(betAmount);
  const cost = bet.ok ? formatAmount(bet.value * BONUS_PRICE) : '?';
  return `Buy ${spins} free spins for ${cost.replace(/^\d+/, (w) => w.replace(/\B(?=(\d{3})+$)/g, ','))} ${currency}?`;
}

/**
 * The outcome line of a spin: only a net win is celebrated; a payout below the stake is
 * "Returned"; a free spin stakes nothing, so anything it pays is a win.
 */
export function slotsMessage(
  r: Pick<SlotsSpin, 'winAmount' | 'betAmount' | 'currency' | 'multiplier' | 'isFreeSpin'>,
): { text: string; tone: 'win' | 'lose' | 'neutral' } {
  const p = payoutText(r.isFreeSpin ? '0' : r.betAmount, r.winAmount, r.currency);
  if (p.kind === 'loss') return { text: 'No win this time', tone: 'lose' };
  return { text: `${p.text} (${Math.round(r.multiplier * 100) / 100}x)`, tone: p.tone };
}

/** Slots: idle → shuffling (10 × 100 ms) → the server's grid and cascades → win lit 3 s; free spins from the server. */
export function useSlots() {
  const bet = useGameBet();
  const [spinCall] = useSlotsSpinMutation();
  const [buyCall, buying] = useSlotsBuyBonusMutation();
  const { data: held } = useSlotsStateQuery(bet.walletAddress || skipToken, { refetchOnMountOrArgChange: true });
  const { data: paytables } = usePaytablesQuery();
  const withhold = useWinReveal();
  const [frame, setFrame] = useState<Frame>(() => ({ grid: randomGrid(), lit: [], ms: 0 }));
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SlotsSpin | null>(null);
  const [winLit, setWinLit] = useState(false);
  const [freeSpins, setFreeSpins] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The total of the bonus round that just ended (shown until the next paid spin or buy). */
  const [bonusTotal, setBonusTotal] = useState<{ amount: string; currency: string } | null>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const freeLeft = freeSpins ?? held?.freeSpinsLeft ?? 0;
  const bonusSpins = paytables?.slots?.bonusBuySpins ?? BONUS_SPINS;

  const busy = useRef(false);
  /**
   * One spin (a free one when `free`). Autobet passes its own `amount` and may ask for `turbo`: no
   * shuffle and no cascade frames, the final grid and the win show as soon as the server answers.
   */
  const spinOnce = useCallback(
    async (
      free: boolean,
      { amount, turbo = false }: { amount?: bigint; turbo?: boolean } = {},
    ): Promise<{ ok: true; spin: SlotsSpin } | { ok: false; refusal: Refusal }> => {
      if (busy.current) return { ok: false, refusal: { title: 'A spin is still in progress' } };
      if (!free) {
        if (!bet.canBet) return { ok: false, refusal: { title: 'This wallet cannot bet' } };
        const refused = bet.refusalBefore(1n, INSUFFICIENT_BALANCE, amount);
        if (refused) return { ok: false, refusal: refused };
      }
      busy.current = true;
      setSpinning(true);
      setResult(null);
      setWinLit(false);
      if (!free) setBonusTotal(null);
      const betAmount = amount === undefined ? bet.betAmount : formatAmount(amount);
      const call = spinCall(
        free
          ? { walletAddress: bet.walletAddress, isFreeSpins: true }
          : { walletAddress: bet.walletAddress, currency: bet.currency, betAmount, isFreeSpins: false },
      ).unwrap();
      call.catch(() => undefined);
      for (let i = 0; i < SHUFFLE_STEPS && alive.current && !turbo; i++) {
        setFrame({ grid: randomGrid(), lit: [], ms: SHUFFLE_MS });
        await sleep(SHUFFLE_MS);
      }
      try {
        const r = await call;
        // the balance shows this spin's win once its cascades have played (at once in turbo)
        const reveal = withhold(r);
        try {
          const frames = spinFrames(r);
          for (const f of turbo ? frames.slice(-1) : frames) {
            if (!alive.current) break;
            setFrame(f);
            if (f.ms && !turbo) await sleep(f.ms);
          }
        } finally {
          reveal();
        }
        if (!alive.current) return { ok: true, spin: r };
        setResult(r);
        setFreeSpins(r.freeSpinsLeft);
        if (r.isFreeSpin && r.freeSpinsLeft === 0 && r.bonusTotalWin !== undefined)
          setBonusTotal({ amount: r.bonusTotalWin, currency: r.currency });
        if (r.isWin) {
          setWinLit(true);
          window.setTimeout(() => alive.current && setWinLit(false), WIN_HIGHLIGHT_MS);
        }
        return { ok: true, spin: r };
      } catch (e) {
        return { ok: false, refusal: bet.fail(e, 'Failed to spin!') };
      } finally {
        busy.current = false;
        if (alive.current) setSpinning(false);
      }
    },
    [bet, spinCall, withhold],
  );

  const spin = useCallback(async (free = freeLeft > 0) => void (await spinOnce(free)), [spinOnce, freeLeft]);

  const freeLeftNow = useRef(freeLeft);
  freeLeftNow.current = freeLeft;
  /**
   * One autobet bet: free spins still to play first, then the paid spin of `amount`, then the free
   * spins it awarded, so the next paid spin waits until they are played out. Its payout is the paid
   * spin's win and every free spin's; a refusal of any of them ends the bet with its reason.
   */
  const autoSpin = useCallback(
    async (amount: bigint, turbo: boolean): Promise<PlaceResult> => {
      let payout = 0n;
      let left = freeLeftNow.current;
      const playFree = async (): Promise<Refusal | null> => {
        while (left > 0 && alive.current) {
          const r = await spinOnce(true, { turbo });
          if (!r.ok) return r.refusal;
          payout += units(r.spin.winAmount);
          left = r.spin.freeSpinsLeft;
        }
        return null;
      };
      const before = await playFree();
      if (before) return { ok: false, refusal: before };
      if (!alive.current) return { ok: true, stake: 0n, payout };
      const paid = await spinOnce(false, { amount, turbo });
      if (!paid.ok) return paid;
      payout += units(paid.spin.winAmount);
      left = paid.spin.freeSpinsLeft;
      const after = await playFree();
      if (after) return { ok: false, refusal: after };
      return { ok: true, stake: amount, payout };
    },
    [spinOnce],
  );

  /** Buy Bonus asks first: a bet the balance cannot cover is refused at once, otherwise the cost is confirmed. */
  const askBonus = useCallback(() => {
    // spec §5: buying the bonus stakes 100x the bet
    if (bet.check(BONUS_PRICE, 'Insufficient balance for bonus!')) setConfirming(true);
  }, [bet]);

  /** Buys the bonus; the answer (its cost) when bought, null when refused. */
  const buyBonus = useCallback(async (): Promise<SlotsBonus | null> => {
    setConfirming(false);
    if (!bet.check(BONUS_PRICE, 'Insufficient balance for bonus!')) return null;
    try {
      const r = await buyCall({
        walletAddress: bet.walletAddress,
        currency: bet.currency,
        betAmount: bet.betAmount,
      }).unwrap();
      setBonusTotal(null);
      setFreeSpins(r.freeSpinsLeft);
      window.setTimeout(() => alive.current && void spin(true), BONUS_AUTOSPIN_MS);
      return r;
    } catch (e) {
      bet.fail(e, 'Failed to buy bonus!', 'Insufficient balance for bonus!');
      return null;
    }
  }, [bet, buyCall, spin]);

  return {
    bet,
    frame,
    spinning,
    buying: buying.isLoading,
    result,
    winLit,
    freeLeft,
    bonus: freeLeft > 0 || Boolean(result?.isFreeSpin && !bonusTotal),
    bonusTotal,
    bonusQuestion: confirming ? bonusQuestion(bonusSpins, bet.betAmount, bet.currency) : null,
    askBonus,
    cancelBonus: () => setConfirming(false),
    spin,
    autoSpin,
    buyBonus,
  };
}
