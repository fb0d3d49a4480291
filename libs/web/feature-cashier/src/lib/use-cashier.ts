import { useWallet } from '@cosmic/web-data-access';
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
  return { wallet, access, deposit, withdrawal };
}
