import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useCashierTransactionsQuery, usePlayerLimitsQuery, useStoreWallet } from '@cosmic/web-data-access';
import { depositPromptSkipped } from './deposit-limit-prompt';
import { useDeposit } from './use-deposit';
import { useWithdrawal } from './use-withdrawal';

/** How far the wallet is from using the crypto panel: nothing, deposits only (watch-only), everything. */
export type CashierAccess = 'no-wallet' | 'watch-only' | 'ready';

/** The cashier screen's state: wallet access, the deposit flow and the withdrawal form. */
export function useCashier() {
  const wallet = useStoreWallet();
  const deposit = useDeposit();
  const withdrawal = useWithdrawal();
  const access: CashierAccess = !wallet.hasWallet ? 'no-wallet' : wallet.ownershipVerified ? 'ready' : 'watch-only';
  // a signed-in player's own limits: a self-excluded player is offered no deposit (the API refuses one too)
  const { data: limits } = usePlayerLimitsQuery(access === 'ready' && wallet.address ? wallet.address : skipToken);
  const until = limits?.selfExcludedUntil ? new Date(limits.selfExcludedUntil) : null;
  const excludedUntil = until && until.getTime() > Date.now() ? until : null;
  // before the first AMINA deposit, a player with no deposit limit is offered one (skippable)
  const mine = access === 'ready' && wallet.address ? wallet.address : null;
  const { data: history } = useCashierTransactionsQuery(mine ?? skipToken);
  const [dismissed, setDismissed] = useState(false);
  const hasDepositLimit = (limits?.limits ?? []).some(
    (l) => l.kind === 'deposit' && (l.limit !== null || l.pending !== null),
  );
  const limitPrompt =
    mine && limits && history && !dismissed && !excludedUntil && !hasDepositLimit && !depositPromptSkipped(mine)
      ? history.every((t) => t.kind !== 'deposit')
      : false;
  return {
    wallet,
    access,
    deposit,
    withdrawal,
    excludedUntil,
    limitPrompt: limitPrompt ? { walletAddress: mine as string, onDone: () => setDismissed(true) } : null,
  };
}
