import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type PlinkoResult,
  type PlinkoRisk,
  useDropPlinkoMutation,
  usePaytablesQuery,
  useWinReveal,
} from '@cosmic/web-data-access';
import { formatAmount } from '@cosmic/algorand';
import { PLINKO_MULTIPLIERS, type Paytables } from '@cosmic/game-engine';
import { type AnimationSpeed, FAST_FACTOR } from '../shared/animation-speed';
import { units } from '../shared/autobet';
import { payoutText } from '../shared/payout-text';
import { INSUFFICIENT_BALANCE } from '../shared/refusals';
import type { PlaceResult } from '../shared/use-autobet';
import { useGameBet } from '../shared/use-game-bet';
import { pathToTrajectory, type Trajectory } from './plinko-physics';

/** The shipped paytables (libs/game-engine plinko.ts), shown until GET /api/fairness/paytables answers. */
export const FALLBACK_MULTIPLIERS: Record<PlinkoRisk, readonly number[]> = {
  low: PLINKO_MULTIPLIERS.low.map(Number),
  medium: PLINKO_MULTIPLIERS.medium.map(Number),
  high: PLINKO_MULTIPLIERS.high.map(Number),
};
const RISKS = Object.keys(FALLBACK_MULTIPLIERS) as PlinkoRisk[];

/**
 * The `selectFromResult` of the paytables for the board: the served plinko tables, or undefined
 * while they load or when they say what the shipped ones say (as they do unless the house changed
 * its tables). The board renders again only when the served tables differ: the query's start and
 * its usual answer each were a synchronous render of the whole game after the page hydrated
 * (shared/open-round.ts).
 */
export function servedPlinko({ data }: { data?: Paytables }): { served: Paytables['plinko'] | undefined } {
  const served = data?.plinko;
  const shipped =
    !served ||
    RISKS.every((r) => {
      const m = served[r]?.multipliers;
      return m?.length === FALLBACK_MULTIPLIERS[r].length && m.every((x, i) => x === FALLBACK_MULTIPLIERS[r][i]);
    });
  return { served: shipped ? undefined : served };
}

/** The landing slot is lit 3 s; the last 10 results are kept, 6 shown. */
export const HIGHLIGHT_MS = 3000;
export const KEEP_RESULTS = 10;
export const SHOW_RESULTS = 6;

/** A settled drop with the risk (and so the paytable) and the amount it was bet with. */
export interface PlinkoDrop extends PlinkoResult {
  risk: PlinkoRisk;
  betAmount: string;
}

/** The outcome line of a landed ball: its multiplier and what it paid ("0.2x — Returned 2 HC"). */
export function plinkoMessage(d: Pick<PlinkoDrop, 'multiplier' | 'winAmount' | 'betAmount' | 'currency'>): {
  text: string;
  tone: 'win' | 'lose' | 'neutral';
} {
  const p = payoutText(d.betAmount, d.winAmount, d.currency);
  return { text: `${d.multiplier}x — ${p.text}`, tone: p.tone };
}

/** A ball in flight; `reveal` adds its win to the shown balance when it lands. */
export interface Ball {
  id: number;
  trajectory: Trajectory;
  startedAt: number;
  /** How many times faster than normal it falls (the player's animation speed). */
  pace: number;
  result: PlinkoDrop;
  reveal(): void;
}

/** The slot lit after a landing, labelled with the multiplier that ball was paid. */
export interface LitSlot {
  slot: number;
  multiplier: number;
  until: number;
}

/**
 * Plinko's two failures. The specification's client places the bet (POST plinko/deduct), then asks
 * for the result of where its ball fell (POST plinko/result). Here the server places and settles
 * in the one deduct call (the server decides the slot: README.md, "Departures from the
 * specification"), and the result step is this client turning the answer into the ball's flight.
 * So a failed call — no answer, a 5xx, a refusal without a code of its own — is 'Failed to place
 * bet!' (no money moved), and an answer whose path cannot be flown is 'Failed to process bet!'.
 */
export const PLINKO_FAILED = { place: 'Failed to place bet!', process: 'Failed to process bet!' } as const;

/** Keeps the newest results first, at most `KEEP_RESULTS`. */
export function pushResult<T>(list: readonly T[], item: T): T[] {
  return [item, ...list].slice(0, KEEP_RESULTS);
}

/**
 * Plinko: each drop asks the server for its path, then a ball flies it; several may fly at once.
 * The risk (the board's paytable) is locked while a ball is asked for or in flight, so every ball
 * falls on the table it was bet with; the balance shows each ball's win when it lands.
 */
export function usePlinko() {
  const bet = useGameBet();
  const [drop] = useDropPlinkoMutation();
  const { served } = usePaytablesQuery(undefined, { selectFromResult: servedPlinko });
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [pending, setPending] = useState(0);
  const [flying, setFlying] = useState(0);
  const [results, setResults] = useState<PlinkoDrop[]>([]);
  const [lit, setLit] = useState<LitSlot | null>(null);
  const balls = useRef<Ball[]>([]);
  const nextId = useRef(1);
  const withhold = useWinReveal();
  const multipliers = served?.[risk]?.multipliers ?? FALLBACK_MULTIPLIERS[risk];
  const riskLocked = pending > 0 || flying > 0;

  const land = useCallback((ball: Ball) => {
    if (!balls.current.some((b) => b.id === ball.id)) return;
    balls.current = balls.current.filter((b) => b.id !== ball.id);
    setFlying(balls.current.length);
    ball.reveal();
    setResults((r) => pushResult(r, ball.result));
    setLit({
      slot: ball.result.slotIndex,
      multiplier: ball.result.multiplier,
      until: performance.now() + HIGHLIGHT_MS,
    });
  }, []);

  const chooseRisk = useCallback(
    (next: PlinkoRisk) => {
      if (!riskLocked) setRisk(next);
    },
    [riskLocked],
  );

  useEffect(() => {
    if (!lit) return;
    const t = window.setTimeout(() => setLit(null), Math.max(0, lit.until - performance.now()));
    return () => window.clearTimeout(t);
  }, [lit]);

  /**
   * One drop at the player's animation `speed` (instant: the ball does not fly, the result and its
   * win show as soon as the server answers; fast: it falls in a third of the time). Autobet passes its own `amount`. The answer says what was staked and paid, or why not.
   */
  const play = useCallback(
    async ({ amount, speed = 'normal' }: { amount?: bigint; speed?: AnimationSpeed } = {}): Promise<PlaceResult> => {
      if (!bet.canBet) return { ok: false, refusal: { title: 'This wallet cannot bet' } };
      const refused = bet.refusalBefore(1n, INSUFFICIENT_BALANCE, amount);
      if (refused) return { ok: false, refusal: refused };
      const betAmount = amount === undefined ? bet.betAmount : formatAmount(amount);
      setPending((n) => n + 1);
      try {
        let r: PlinkoDrop;
        try {
          r = {
            ...(await drop({ walletAddress: bet.requestAddress(), currency: bet.currency, betAmount, risk }).unwrap()),
            risk,
            betAmount,
          };
        } catch (e) {
          return { ok: false, refusal: bet.fail(e, PLINKO_FAILED.place) };
        }
        const settled: PlaceResult = { ok: true, stake: units(betAmount), payout: units(r.winAmount) };
        if (speed === 'instant') {
          setResults((list) => pushResult(list, r));
          setLit({ slot: r.slotIndex, multiplier: r.multiplier, until: performance.now() + HIGHLIGHT_MS });
          return settled;
        }
        const reveal = withhold(r);
        try {
          balls.current = [
            ...balls.current,
            {
              id: nextId.current++,
              trajectory: pathToTrajectory(r.path),
              startedAt: performance.now(),
              pace: speed === 'fast' ? 1 / FAST_FACTOR : 1,
              result: r,
              reveal,
            },
          ];
          setFlying(balls.current.length);
        } catch {
          // the bet is settled (the balance already moved) but its path cannot be flown: say so, and still list the result
          reveal();
          bet.refuse({
            title: PLINKO_FAILED.process,
            reason: 'The bet was settled but its ball cannot be shown: its result is under Last results.',
          });
          setResults((list) => pushResult(list, r));
        }
        return settled;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [bet, drop, risk, withhold],
  );

  return {
    bet,
    risk,
    setRisk: chooseRisk,
    riskLocked,
    multipliers,
    play,
    pending,
    balls,
    land,
    lit,
    results,
    last: results[0] ?? null,
  };
}
