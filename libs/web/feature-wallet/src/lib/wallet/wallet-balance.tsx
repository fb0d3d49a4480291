import { useWallet } from '@cosmic/web-data-access';
import { groupDigits } from './format';

/** The balance the header keeps in sight on a narrow screen: HC, with AMINA above it when a wallet is connected. */
export function WalletBalance() {
  const { hasWallet, balances } = useWallet();
  return (
    <p className="cc-wallet-balance" data-testid="header-balance">
      <span className="cc-sr-only">Balance: </span>
      {hasWallet && <span className="cc-wallet-balance__amina">{groupDigits(balances.aminaText)} AMINA</span>}
      {hasWallet && <span className="cc-sr-only">, </span>}
      <span className="cc-wallet-balance__hc">{groupDigits(balances.hcText)} HC</span>
    </p>
  );
}
