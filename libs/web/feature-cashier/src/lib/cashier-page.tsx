import { Link } from 'react-router-dom';
import { buttonClass, PageTitle, ScreenShown } from '@cosmic/web-ui';
import { BalanceCard } from './balance-card';
import { ConnectPrompt, WithdrawSignIn } from './connect-prompt';
import { DepositCard } from './deposit-card';
import { TransactionHistory } from './transaction-history';
import { useCashier } from './use-cashier';
import { WithdrawCard } from './withdraw-card';
import './cashier.css';

/**
 * `/cashier`: AMINA balance, deposits and withdrawals, and their history. A watch-only wallet may
 * deposit (anyone may pay into an account); withdrawing needs the wallet's sign-in.
 */
export function CashierPage() {
  const { wallet, access, deposit, withdrawal, excludedUntil, limitPrompt } = useCashier();
  return (
    <section className="cc-cashier" aria-labelledby="cashier-title">
      <PageTitle name="Cashier" />
      <header className="cc-cashier__top">
        <h1 id="cashier-title" className="cc-page-title">
          Cashier
        </h1>
        <Link to="/games" className={buttonClass({ variant: 'ghost' })}>
          Back to Casino
        </Link>
      </header>
      <BalanceCard balances={wallet.user ? wallet.balances : undefined} />
      {access === 'no-wallet' ? (
        <ConnectPrompt />
      ) : (
        <div className="cc-cashier__grid">
          <DepositCard deposit={deposit} excludedUntil={excludedUntil} limitPrompt={limitPrompt} />
          {access === 'ready' ? (
            <WithdrawCard withdrawal={withdrawal} />
          ) : (
            <WithdrawSignIn onSignIn={wallet.requestSignIn} />
          )}
        </div>
      )}
      {wallet.hasWallet && wallet.address && (
        <TransactionHistory walletAddress={wallet.address} watchOnly={access === 'watch-only'} />
      )}
      <ScreenShown />
    </section>
  );
}
