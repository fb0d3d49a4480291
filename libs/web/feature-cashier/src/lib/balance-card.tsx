import type { WalletBalances } from '@cosmic/web-data-access';
import { AMINA_EXACT_DECIMALS, Card, formatMoney, groupedAmount } from '@cosmic/web-ui';

/** The casino AMINA balance, to all 8 decimals, and House Coins, written as the header writes them (formatMoney). */
export function BalanceCard({ balances }: { balances: WalletBalances }) {
  return (
    <Card className="cc-cashier__balance" aria-labelledby="cashier-balance-title">
      <h2 id="cashier-balance-title" className="cc-cashier__heading">
        Your Balance
      </h2>
      <p className="cc-cashier__amina">
        <span data-testid="cashier-amina-balance">{groupedAmount(balances.amina, AMINA_EXACT_DECIMALS)}</span>{' '}
        <span className="cc-cashier__unit">AMINA</span>
      </p>
      <p className="cc-cashier__hc" data-testid="cashier-hc-balance">
        {formatMoney(balances.hc, 'HC')}
      </p>
    </Card>
  );
}
