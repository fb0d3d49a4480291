import type { WalletBalances } from '@cosmic/web-data-access';
import { AMINA_EXACT_DECIMALS, Card, formatMoney, groupedAmount, Skeleton } from '@cosmic/web-ui';

/**
 * The casino AMINA balance, to all 8 decimals, and House Coins, written as the header writes them
 * (formatMoney). `balances` is undefined until the player's record has arrived (and in the first
 * screen the remote publishes, apps/cashier-mfe/src/fragments.tsx): placeholders stand for the
 * amounts then, never the guest's defaults.
 */
export function BalanceCard({ balances }: { balances: WalletBalances | undefined }) {
  return (
    <Card className="cc-cashier__balance" aria-labelledby="cashier-balance-title">
      <h2 id="cashier-balance-title" className="cc-cashier__heading">
        Your Balance
      </h2>
      <p className="cc-cashier__amina">
        <span data-testid="cashier-amina-balance">
          {balances ? groupedAmount(balances.amina, AMINA_EXACT_DECIMALS) : <Skeleton width={10} />}
        </span>{' '}
        <span className="cc-cashier__unit">AMINA</span>
      </p>
      <p className="cc-cashier__hc" data-testid="cashier-hc-balance">
        {balances ? formatMoney(balances.hc, 'HC') : <Skeleton width={8} />}
      </p>
    </Card>
  );
}
