import { useCallback, useMemo, useState } from 'react';
import { formatAmount, parseAmount } from '@cosmic/algorand';
import { useBetContext, useRequestAddressReader, useToast, useWallet } from '@cosmic/web-data-access';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import { type BetValue, betProblem, betProblemText } from '@cosmic/web-ui';
import { INSUFFICIENT_BALANCE, REFUSALS, type Refusal, refusalFor } from './refusals';
import { setRealityCheckDue } from './reality-pause';

/** The opening bet of every game: 10 HC. */
export const DEFAULT_BET: BetValue = { currency: 'HC', amount: 10n * BASE_UNITS_PER_COIN };

/** The refusal when the typed bet is not an amount. */
export const INVALID_AMOUNT: Refusal = { title: 'Enter a valid bet amount' };

/**
 * A game screen's bet: the panel's value wired to the wallet's balances, the wallet address the
 * calls name (`requestAddress()`, read from the store when a call is sent: a game whose queries
 * name it reads useRequestAddress itself), the amount as the API's decimal string, and why the
 * last bet was refused.
 * `check()` is called when the player presses a play button: a bet the balance cannot cover, or one
 * outside the limits, is refused here with the game's toast and no call is sent.
 * `hcOnly` keeps the bet in HC unless the wallet is verified (blackjack). A watch-only wallet cannot bet.
 */
export function useGameBet({ hcOnly = false }: { hcOnly?: boolean } = {}) {
  const { address, connected, watchOnly } = useWallet();
  // what the calls name: the store's session when the call is sent (useRequestAddress says why)
  const requestAddress = useRequestAddressReader();
  const ctx = useBetContext();
  const { toast } = useToast();
  const [value, setValue] = useState<BetValue>(DEFAULT_BET);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const locked = hcOnly && !ctx.aminaEnabled;
  const bet = locked && value.currency !== 'HC' ? DEFAULT_BET : value;
  const refuse = useCallback(
    (r: Refusal): Refusal => {
      // the API holds stakes while a reality check is due: the gate shows it (reality-check.tsx)
      if (r === REFUSALS['REALITY_CHECK']) setRealityCheckDue(true);
      setRefusal(r);
      toast({ title: r.title, description: r.reason, variant: 'error' });
      return r;
    },
    [toast],
  );
  /** A failed call: the refusal its error code names, else the game's fallback title. */
  const fail = useCallback(
    (error: unknown, fallback: string, insufficient?: string) => refuse(refusalFor(error, fallback, insufficient)),
    [refuse],
  );
  /** Before a call that stakes `times` the bet (or `amount`, autobet's own bet): null when it may be sent; otherwise why not, which the toast says too. */
  const refusalBefore = useCallback(
    (times = 1n, insufficient = INSUFFICIENT_BALANCE, amount?: bigint): Refusal | null => {
      if (amount === undefined && bet.invalid) return refuse(INVALID_AMOUNT);
      const problem = betProblem(amount ?? bet.amount, bet.currency, ctx, times);
      if (problem === 'insufficient')
        return refuse({ title: insufficient, reason: betProblemText(problem, bet.currency, ctx) });
      if (problem) return refuse({ title: betProblemText(problem, bet.currency, ctx) });
      setRefusal(null);
      return null;
    },
    [bet, ctx, refuse],
  );
  /** Before a call that stakes `times` the bet: true when it may be sent; otherwise the toast says why. */
  const check = useCallback(
    (times = 1n, insufficient = INSUFFICIENT_BALANCE): boolean => refusalBefore(times, insufficient) === null,
    [refusalBefore],
  );
  // a new amount or currency: the last refusal no longer describes it
  const change = useCallback((next: BetValue) => {
    setValue(next);
    setRefusal(null);
  }, []);
  /** An open round resumed (a reload mid-round): the bet shows the round's own stake, not the opening bet. */
  const adopt = useCallback(
    (round: { betAmount: string; currency: string }) => {
      const stake = parseAmount(round.betAmount);
      if (stake.ok && (round.currency === 'HC' || round.currency === 'AMINA'))
        change({ currency: round.currency, amount: stake.value });
    },
    [change],
  );
  const canPlay = Boolean(connected && address) && !watchOnly;
  return useMemo(
    () => ({
      requestAddress,
      currency: bet.currency,
      betAmount: formatAmount(bet.amount),
      // a watch-only wallet may not bet (the server answers 403): the layout shows why instead.
      // A bet the balance or the limits refuse keeps the buttons enabled: pressing says why (check).
      canBet: canPlay,
      check,
      refusalBefore,
      fail,
      refuse,
      refusal,
      toast,
      adopt,
      panel: { ...ctx, value: bet, onChange: change, lockCurrency: locked },
    }),
    [requestAddress, canPlay, bet, check, refusalBefore, fail, refuse, refusal, toast, adopt, ctx, change, locked],
  );
}
