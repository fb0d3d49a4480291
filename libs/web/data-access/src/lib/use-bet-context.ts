import { useMemo } from 'react';
import { parseAmount } from '@cosmic/algorand';
import { useBettingLimits } from './use-betting-limits';
import { useWallet } from './wallet-provider';

/**
 * What the shared bet panel needs, in base units: `<BetPanel {...useBetContext()} value onChange />`.
 * AMINA needs a connected wallet whose ownership this session has proven. The same object while
 * nothing in it changes, so the games' memoized bets (use-game-bet.ts) do not change every render.
 */
export function useBetContext() {
  const { balances, hasWallet, ownershipVerified, user } = useWallet();
  const max = useBettingLimits().max;
  const known = Boolean(user);
  return useMemo(() => {
    const limit = parseAmount(max);
    return {
      aminaBalance: balances.amina,
      hcBalance: balances.hc,
      aminaMaxLimit: limit.ok ? limit.value : 0n,
      aminaEnabled: hasWallet && ownershipVerified,
      // the player's record has arrived: until then (a prerendered screen, the first load) the
      // balances are the store's defaults, which the panel neither shows nor bets against
      balanceKnown: known,
    };
  }, [balances.amina, balances.hc, max, hasWallet, ownershipVerified, known]);
}
