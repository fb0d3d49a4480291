import { useCallback, useMemo, useState } from 'react';
import { formatAmount } from '@cosmic/algorand';
import { errorMessage, useBetContext, useToast, useWallet } from '@cosmic/web-data-access';
import { type BetValue, COIN, betProblem, betRange } from '@cosmic/web-ui';

/** The opening bet of every game: 10 HC. */
export const DEFAULT_BET: BetValue = { currency: 'HC', amount: 10n * COIN };

/** The toast title for a failed game call: the server's 'Insufficient balance!' or the game's fallback. */
export function failureTitle(error: unknown, fallback: string, insufficient = 'Insufficient balance!'): string {
  return /insufficient balance/i.test(errorMessage(error, '')) ? insufficient : fallback;
}

/**
 * A game screen's bet: the panel's value wired to the wallet's balances, the wallet address the
 * calls name, the amount as the API's decimal string, and a toast for failures.
 * `hcOnly` keeps the bet in HC unless the wallet is verified (blackjack). A watch-only wallet cannot bet.
 */
export function useGameBet({ hcOnly = false }: { hcOnly?: boolean } = {}) {
  const { address, connected, watchOnly } = useWallet();
  const ctx = useBetContext();
  const { toast } = useToast();
  const [value, setValue] = useState<BetValue>(DEFAULT_BET);
  const locked = hcOnly && !ctx.aminaEnabled;
  const bet = locked && value.currency !== 'HC' ? DEFAULT_BET : value;
  const range = betRange(bet.currency, ctx);
  const problem = betProblem(bet.amount, range);
  const fail = useCallback(
    (error: unknown, fallback: string, insufficient?: string) => toast({ title: failureTitle(error, fallback, insufficient), variant: 'error' }),
    [toast],
  );
  return useMemo(
    () => ({
      walletAddress: connected && address ? address : '',
      currency: bet.currency,
      betAmount: formatAmount(bet.amount),
      // a watch-only wallet may not bet (the server answers 403): the layout shows why instead
      canBet: Boolean(connected && address) && !watchOnly && problem === null,
      fail,
      toast,
      panel: { ...ctx, value: bet, onChange: setValue, lockCurrency: locked },
    }),
    [connected, address, watchOnly, bet, problem, fail, toast, ctx, locked],
  );
}

/** What the "Verify this bet" link carries. */
export interface VerifyParams {
  game: string;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  extra?: Record<string, string>;
}

/** The verifier deep link for a settled bet. */
export function verifyHref({ game, nonce, clientSeed, serverSeedHash, extra = {} }: VerifyParams): string {
  const params = new URLSearchParams({ game, nonce: String(nonce), clientSeed, hash: serverSeedHash, ...extra });
  return `/fairness?${params.toString()}#verify`;
}
