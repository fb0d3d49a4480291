import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import type { Paytables } from '@cosmic/game-engine';
import {
  type SlotsBonus,
  type SlotsSpin,
  usePaytablesQuery,
  useRequestAddress,
  useSlotsBuyBonusMutation,
  useSlotsSpinMutation,
  useSlotsStateQuery,
  type SlotsState,
  useWinReveal,
} from '@cosmic/web-data-access';
import { type AnimationSpeed, scaledMs } from '../shared/animation-speed';
import { units } from '../shared/autobet';
import { payoutText } from '../shared/payout-text';
import { INSUFFICIENT_BALANCE, type Refusal } from '../shared/refusals';
import type { PlaceResult } from '../shared/use-autobet';
import { useGameBet } from '../shared/use-game-bet';
import { runFreeSpins } from './free-spin-run';
import { type Frame, randomGrid, SHUFFLE_MS, SHUFFLE_STEPS, spinFrames, WIN_HIGHLIGHT_MS } from './slots-frames';

/** Buying the bonus costs 100x the bet (the shipped model's buyBonus.cost, libs/game-engine slots/cosmic-chaos.ts). */
export const BONUS_PRICE = 100n;
/** Free spins a bought bonus gives (the shipped model's; the published paytable's when it has answered). */
export const BONUS_SPINS = 10;
/** Buy bonus starts its first free spin 2 s later; so do free spins a paid spin awards. */
export const BONUS_AUTOSPIN_MS = 2000;
/** Between two free spins that play by themselves: time to see the outcome (less at a faster animation speed). */
export const FREE_SPIN_GAP_MS: Readonly<Record<AnimationSpeed, number>> = { normal: 1000, fast: 500, instant: 250 };

/** An amount and its currency, as the screen says it. */
export interface Money {
  amount: string;
  currency: string;
}

// What the screen shows of its two queries (their `selectFromResult`), so that an answer that
// changes nothing shown (no free spins held, the paytable's usual bonus) renders nothing
// (shared/open-round.ts says why).
/** The free spins held, only when there are some. */
const heldBonus = ({ data }: { data?: SlotsState }) => ({ held: data?.freeSpinsLeft ? data : undefined });
/** How many free spins Buy Bonus gives. */
const bonusBuySpins = ({ data }: { data?: Paytables }) => ({
  bonusSpins: data?.slots?.bonusBuySpins ?? BONUS_SPINS,
});

const sleep = (ms: number) => new Promise<void>((done) => window.setTimeout(done, ms));

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

/**
 * Slots: idle → shuffling (10 × 100 ms) → the server's grid and cascades → win lit 3 s; free spins
 * from the server. Free spins play by themselves (bought, or awarded by a spin), one call each, until
 * none is left, the player stops them, or the server refuses one; `speed` (the player's animation
 * speed, read at each spin) shortens or skips the animation, as in autobet.
 */
export function useSlots({ speed = 'normal' }: { speed?: AnimationSpeed } = {}) {
  const bet = useGameBet();
  const [spinCall] = useSlotsSpinMutation();
  const [buyCall, buying] = useSlotsBuyBonusMutation();
  // the held free spins are the session's own: asked for as soon as the session starts
  const { held } = useSlotsStateQuery(useRequestAddress() || skipToken, {
    refetchOnMountOrArgChange: true,
    selectFromResult: heldBonus,
  });
  const { bonusSpins } = usePaytablesQuery(undefined, { selectFromResult: bonusBuySpins });
  const withhold = useWinReveal();
  const [frame, setFrame] = useState<Frame>(() => ({ grid: randomGrid(), lit: [], ms: 0 }));
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SlotsSpin | null>(null);
  const [winLit, setWinLit] = useState(false);
  const [freeSpins, setFreeSpins] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The total of the bonus round that just ended (shown until the next paid spin or buy). */
  const [bonusTotal, setBonusTotal] = useState<Money | null>(null);
  /** The running total of the bonus round in play: the server's, after each free spin. */
  const [bonusWin, setBonusWin] = useState<Money | null>(null);
  /** Free spins are playing by themselves; `stopping` once the player pressed Stop. */
  const [freeRun, setFreeRun] = useState<'idle' | 'playing' | 'stopping'>('idle');
  /** Why the server refused the last free spin (it keeps them): shown beside the buttons. */
  const [freeRefusal, setFreeRefusal] = useState<Refusal | null>(null);
  const speedNow = useRef(speed);
  speedNow.current = speed;
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  const freeLeft = freeSpins ?? held?.freeSpinsLeft ?? 0;

  const busy = useRef(false);
  /**
   * One spin (a free one when `free`) at `speed` (the player's unless given; instant: no shuffle and
   * no cascade frames, the final grid and the win show as soon as the server answers). Autobet passes its own `amount`.
   */
  const spinOnce = useCallback(
    async (
      free: boolean,
      { amount, speed: at = speedNow.current }: { amount?: bigint; speed?: AnimationSpeed } = {},
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
          ? { walletAddress: bet.requestAddress(), isFreeSpins: true }
          : { walletAddress: bet.requestAddress(), currency: bet.currency, betAmount, isFreeSpins: false },
      ).unwrap();
      call.catch(() => undefined);
      const instant = at === 'instant';
      for (let i = 0; i < SHUFFLE_STEPS && alive.current && !instant; i++) {
        setFrame({ grid: randomGrid(), lit: [], ms: scaledMs(SHUFFLE_MS, at) });
        await sleep(scaledMs(SHUFFLE_MS, at));
      }
      try {
        const r = await call;
        // the balance shows this spin's win once its cascades have played (at once when instant)
        const reveal = withhold(r);
        try {
          const frames = spinFrames(r);
          for (const f of instant ? frames.slice(-1) : frames) {
            if (!alive.current) break;
            setFrame(f);
            if (f.ms && !instant) await sleep(scaledMs(f.ms, at));
          }
        } finally {
          reveal();
        }
        if (!alive.current) return { ok: true, spin: r };
        setResult(r);
        setFreeSpins(r.freeSpinsLeft);
        if (r.isFreeSpin && r.bonusTotalWin !== undefined)
          setBonusWin({ amount: r.bonusTotalWin, currency: r.currency });
        else if (r.bonusTriggered) setBonusWin({ amount: '0', currency: r.currency });
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

  const running = useRef(false);
  const stopAsked = useRef(false);
  /** Plays the `left` free spins held, by themselves, the first after `firstMs` (see runFreeSpins). */
  const playFree = useCallback(
    async (left: number, firstMs = 0) => {
      if (running.current || left <= 0) return;
      running.current = true;
      stopAsked.current = false;
      setFreeRun('playing');
      setFreeRefusal(null);
      try {
        const end = await runFreeSpins(
          left,
          {
            spin: () => spinOnce(true),
            pause: sleep,
            stopped: () => stopAsked.current || !alive.current,
          },
          { firstMs, gapMs: FREE_SPIN_GAP_MS[speedNow.current] },
        );
        if (end.refusal && alive.current) setFreeRefusal(end.refusal);
      } finally {
        running.current = false;
        if (alive.current) setFreeRun('idle');
      }
    },
    [spinOnce],
  );

  /** Stop: the spin in flight ends, the spins left stay with the player ("Play free spins" resumes). */
  const stopFree = useCallback(() => {
    if (!running.current) return;
    stopAsked.current = true;
    setFreeRun('stopping');
  }, []);

  /** The play button: the free spins held (all of them, by themselves), else a paid spin; the free spins it awards play on. */
  const spin = useCallback(async () => {
    if (freeLeft > 0) return playFree(freeLeft);
    const r = await spinOnce(false);
    if (r.ok && r.spin.freeSpinsLeft > 0) await playFree(r.spin.freeSpinsLeft, BONUS_AUTOSPIN_MS);
  }, [spinOnce, playFree, freeLeft]);

  const freeLeftNow = useRef(freeLeft);
  freeLeftNow.current = freeLeft;
  /**
   * One autobet bet: free spins still to play first, then the paid spin of `amount`, then the free
   * spins it awarded, so the next paid spin waits until they are played out. Its payout is the paid
   * spin's win and every free spin's; a refusal of any of them ends the bet with its reason.
   */
  const autoSpin = useCallback(
    async (amount: bigint): Promise<PlaceResult> => {
      let payout = 0n;
      let left = freeLeftNow.current;
      // the same road as the spins that play by themselves, without the pauses (autobet has its own pace)
      const playFree = async (): Promise<Refusal | null> => {
        const end = await runFreeSpins(left, {
          spin: () => spinOnce(true),
          pause: sleep,
          stopped: () => !alive.current,
          played: (r) => void (payout += units(r.winAmount)),
        });
        left = end.left;
        return end.refusal;
      };
      const before = await playFree();
      if (before) return { ok: false, refusal: before };
      if (!alive.current) return { ok: true, stake: 0n, payout };
      const paid = await spinOnce(false, { amount });
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
    // buying the bonus stakes 100x the bet
    if (bet.check(BONUS_PRICE, 'Insufficient balance for bonus!')) setConfirming(true);
  }, [bet]);

  /** Buys the bonus; the answer (its cost) when bought, null when refused. */
  const buyBonus = useCallback(async (): Promise<SlotsBonus | null> => {
    setConfirming(false);
    if (!bet.check(BONUS_PRICE, 'Insufficient balance for bonus!')) return null;
    try {
      const r = await buyCall({
        walletAddress: bet.requestAddress(),
        currency: bet.currency,
        betAmount: bet.betAmount,
      }).unwrap();
      setBonusTotal(null);
      setBonusWin({ amount: '0', currency: r.currency });
      setFreeSpins(r.freeSpinsLeft);
      void playFree(r.freeSpinsLeft, BONUS_AUTOSPIN_MS);
      return r;
    } catch (e) {
      bet.fail(e, 'Failed to buy bonus!', 'Insufficient balance for bonus!');
      return null;
    }
  }, [bet, buyCall, playFree]);

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
    // after a reload the held round's total so far (GET /api/games/slots/state)
    bonusWin:
      freeLeft > 0 || freeRun !== 'idle'
        ? (bonusWin ?? (held?.totalWin !== undefined ? { amount: held.totalWin, currency: held.currency ?? '' } : null))
        : null,
    freeRun,
    freeRefusal: freeLeft > 0 ? freeRefusal : null,
    stopFree,
    bonusQuestion: confirming ? bonusQuestion(bonusSpins, bet.betAmount, bet.currency) : null,
    askBonus,
    cancelBonus: () => setConfirming(false),
    spin,
    autoSpin,
    buyBonus,
  };
}
