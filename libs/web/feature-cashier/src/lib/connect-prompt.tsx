import { Card } from '@cosmic/web-ui';
import type { CashierAccess } from './use-cashier';

/** Shown instead of the crypto panel for guests and watch-only wallets. */
export function ConnectPrompt({ access }: { access: Exclude<CashierAccess, 'ready'> }) {
  return (
    <Card className="cc-cashier__prompt" role="status">
      <h2 className="cc-cashier__heading">Crypto Wallet</h2>
      {access === 'no-wallet' ? (
        <p>Connect an Algorand wallet to deposit and withdraw AMINA. Use the wallet buttons at the top of the page.</p>
      ) : (
        <p>This wallet is watch-only: sign in with it to deposit and withdraw AMINA — press &lsquo;Sign in with wallet&rsquo; in the wallet menu at the top of the page.</p>
      )}
    </Card>
  );
}
