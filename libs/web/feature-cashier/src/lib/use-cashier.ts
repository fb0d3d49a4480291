import { skipToken } from '@reduxjs/toolkit/query/react';
import { usePlayerLimitsQuery, useWallet } from '@cosmic/web-data-access';
import { useDeposit } from './use-deposit';
import { useWithdrawal } from './use-withdrawal';

/** How far the wallet is from using the crypto panel: nothing, deposits only (watch-only), everything. */
export type CashierAccess = 'no-wallet' | 'watch-only' | 'ready';

/** The cashier screen's state: wallet access, the deposit flow and the withdrawal form. */
export function useCashier() {
  const wallet = useWallet();
  const deposit = useDeposit();
  const withdrawal = useWithdrawal();
  const access: CashierAccess = !wallet.hasWallet ? 'no-wallet' : wallet.ownershipVerified ? 'ready' : 'watch-only';
  // a signed-in player's own limits: a self-excluded player is offered no deposit (the API refuses one too)
  const { data: limits } = usePlayerLimitsQuery(access === 'ready' && wallet.address ? wallet.address : skipToken);
  const until = limits?.selfExcludedUntil ? new Date(limits.selfExcludedUntil) : null;
  const excludedUntil = until && until.getTime() > Date.now() ? until : null;
  return { wallet, access, deposit, withdrawal, excludedUntil };
}
