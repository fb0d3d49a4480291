import { useWallet } from '@cosmic/web-data-access';
import { formatMoney, Skeleton } from '@cosmic/web-ui';
import { AMINA_WIDGET_DECIMALS } from './format';

/**
 * The balance the header keeps in sight on a narrow screen: HC, with AMINA above it when a wallet is
 * connected. Until the player's record has arrived (and on the prerendered page, apps/shell/src/prerender.tsx)
 * it holds a placeholder of the guest balance's box (wallet.css), so the amount fills in without moving anything.
 */
export function WalletBalance() {
  const { hasWallet, balances, user } = useWallet();
  if (!user) {
    return (
      <p className="cc-wallet-balance" data-testid="header-balance" aria-busy="true">
        <span className="cc-sr-only">Balance loading</span>
        <span className="cc-wallet-balance__hc cc-wallet-balance__placeholder">
          <Skeleton />
        </span>
      </p>
    );
  }
  return (
    <p className="cc-wallet-balance" data-testid="header-balance">
      <span className="cc-sr-only">Balance: </span>
      {hasWallet && (
        <span className="cc-wallet-balance__amina">{formatMoney(balances.amina, 'AMINA', AMINA_WIDGET_DECIMALS)}</span>
      )}
      {hasWallet && <span className="cc-sr-only">, </span>}
      <span className="cc-wallet-balance__hc">{formatMoney(balances.hc, 'HC')}</span>
    </p>
  );
}
