import { useCallback, useEffect, useRef, useState } from 'react';
import { type BetCurrency, type BetRange, groupedAmount } from '@cosmic/web-ui';
import { type AutobetSettings, type AutobetStop, afterBet, clampAutobet, startRun } from './autobet';
import { REFUSALS, type Refusal } from './refusals';
import { realityCheckDue, setRealityCheckDue, whenRealityCheckClear } from './reality-pause';

/** One bet placed for autobet: settled (its stake and payout), or refused (the run stops and says why). */
export type PlaceResult = { ok: true; stake: bigint; payout: bigint } | { ok: false; refusal: Refusal };

/** What a run shows: bets placed, net profit, the next bet, and (once over) why it stopped. */
export interface AutobetStatus {
  running: boolean;
  /** waiting for the player to answer a reality check */
  paused?: boolean;
  placed: number;
  net: bigint;
  next: bigint | null;
  stopped: string | null;
}

/** Why a run ended, as the Auto tab says it. */
export function stopText(
  stop: AutobetStop | 'user' | 'balance',
  currency: BetCurrency,
  settings: AutobetSettings,
  placed: number,
): string {
  const amount = (a: bigint | null) => `${groupedAmount(a ?? 0n)} ${currency}`;
  switch (stop) {
    case 'count':
      return `Autobet finished: ${placed} ${placed === 1 ? 'bet' : 'bets'} placed`;
    case 'profit':
      return `Autobet stopped: net profit reached ${amount(settings.stopProfit)}`;
    case 'loss':
      return `Autobet stopped: net loss reached ${amount(settings.stopLoss)}`;
    case 'single-win':
      return `Autobet stopped: a single win reached ${amount(settings.stopWin)}`;
    case 'user':
      return 'Autobet stopped';
    case 'balance':
      return 'Autobet stopped: the balance cannot cover the minimum bet';
  }
}

/**
 * Runs autobet for a game: each bet is the game's own ordinary bet call (`place`, with its own
 * Idempotency-Key), one at a time, clamped to the panel's range (which includes the balance) just
 * before it is sent. A refusal ends the run at once with its reason, except a reality check: the run
 * waits until the player answers it (apps/api's reality_check_gate.sql refuses stakes meanwhile) and
 * sends the same bet again. Stop, or leaving the page, ends it after the bet in flight.
 */
export function useAutobet({
  place,
  range,
  currency,
}: {
  place(amount: bigint): Promise<PlaceResult>;
  range: BetRange;
  currency: BetCurrency;
}) {
  const [status, setStatus] = useState<AutobetStatus>({
    running: false,
    placed: 0,
    net: 0n,
    next: null,
    stopped: null,
  });
  const latest = useRef({ place, range });
  latest.current = { place, range };
  const running = useRef(false);
  const stopAsked = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopAsked.current = true;
    };
  }, []);

  const start = useCallback(
    async (settings: AutobetSettings, base: bigint) => {
      if (running.current) return;
      running.current = true;
      stopAsked.current = false;
      let run = startRun(base);
      setStatus({ running: true, placed: 0, net: 0n, next: base, stopped: null });
      let stopped: string;
      for (;;) {
        if (stopAsked.current) {
          stopped = stopText('user', currency, settings, run.placed);
          break;
        }
        if (realityCheckDue()) {
          if (mounted.current) setStatus((st) => ({ ...st, paused: true }));
          await whenRealityCheckClear(() => stopAsked.current);
          if (mounted.current) setStatus((st) => ({ ...st, paused: false }));
          continue;
        }
        const amount = clampAutobet(run.next, latest.current.range);
        if (amount === null) {
          stopped = stopText('balance', currency, settings, run.placed);
          break;
        }
        const r = await latest.current.place(amount);
        if (!r.ok && r.refusal === REFUSALS['REALITY_CHECK']) {
          setRealityCheckDue(true);
          continue;
        }
        if (!r.ok) {
          stopped = r.refusal.reason
            ? `Autobet stopped: ${r.refusal.title}. ${r.refusal.reason}`
            : `Autobet stopped: ${r.refusal.title}`;
          break;
        }
        const after = afterBet(run, settings, { stake: r.stake, payout: r.payout });
        run = after.run;
        if (mounted.current)
          setStatus({ running: true, placed: run.placed, net: run.net, next: run.next, stopped: null });
        if (after.stop) {
          stopped = stopText(after.stop, currency, settings, run.placed);
          break;
        }
        // let the page draw the settled bet and the new balance (the next clamp reads it)
        await new Promise((done) => window.setTimeout(done, 0));
      }
      running.current = false;
      if (mounted.current) setStatus({ running: false, placed: run.placed, net: run.net, next: null, stopped });
    },
    [currency],
  );

  const stop = useCallback(() => {
    stopAsked.current = true;
  }, []);

  return { status, start, stop };
}
