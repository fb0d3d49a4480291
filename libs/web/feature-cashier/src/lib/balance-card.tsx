import { formatAmount } from '@cosmic/algorand';
import type { WalletBalances } from '@cosmic/web-data-access';
import { Card } from '@cosmic/web-ui';

/** The casino AMINA balance, to 8 decimals (spec §9), and House Coins. */
export function BalanceCard({ balances }: { balances: WalletBalances }) {
  return (
    <Card className="cc-cashier__balance" aria-labelledby="cashier-balance-title">
      <h2 id="cashier-balance-title" className="cc-cashier__heading">
        Your Balance
      </h2>
      <p className="cc-cashier__amina">
        <span data-testid="cashier-amina-balance">{formatAmount(balances.amina, { decimals: 8 })}</span>{' '}
        <span className="cc-cashier__unit">AMINA</span>
      </p>
      <p className="cc-cashier__hc">{balances.hcText} House Coins</p>
    </Card>
  );
}
