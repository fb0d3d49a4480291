import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCashierTransactionsQuery } from '@cosmic/web-data-access';
import { Card } from '@cosmic/web-ui';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The session's deposits and withdrawals, newest first. A watch-only wallet's history (where its
 * withdrawals went) is its owner's to see: the API answers 403, so it is not asked, and the card says why.
 */
export function TransactionHistory({
  walletAddress,
  watchOnly = false,
}: {
  walletAddress: string;
  watchOnly?: boolean;
}) {
  const { data, isLoading, isError } = useCashierTransactionsQuery(watchOnly ? skipToken : walletAddress);
  return (
    <Card className="cc-cashier__history" aria-labelledby="cashier-history-title">
      <h2 id="cashier-history-title" className="cc-cashier__heading">
        Transaction History
      </h2>
      {watchOnly && (
        <p className="cc-cashier__hint" data-testid="cashier-history-watch-only">
          This wallet is watch-only: sign in with it to see its deposits and withdrawals.
        </p>
      )}
      {isLoading && <p className="cc-cashier__hint">Loading…</p>}
      {isError && <p className="cc-cashier__hint">The history could not be loaded.</p>}
      {data && data.length === 0 && <p className="cc-cashier__hint">No deposits or withdrawals yet.</p>}
      {data && data.length > 0 && (
        <ul className="cc-cashier__rows" data-testid="cashier-history">
          {data.map((t) => (
            <li
              key={`${t.kind}:${t.id}`}
              className={`cc-cashier__row cc-cashier__row--${t.status.replace(/\W+/g, '-')}`}
            >
              <span className={`cc-cashier__kind cc-cashier__kind--${t.kind}`}>
                {t.kind === 'deposit' ? 'Deposit' : 'Withdrawal'}
              </span>
              <span className="cc-cashier__row-amount cc-mono">
                {t.kind === 'deposit' ? '+' : '−'}
                {t.amount} AMINA
              </span>
              <span className="cc-cashier__row-status">{t.status}</span>
              <time className="cc-cashier__row-time" dateTime={t.time}>
                {when(t.time)}
              </time>
              {t.txId && (
                <span className="cc-cashier__row-tx cc-mono" title={t.txId}>
                  {t.txId.slice(0, 10)}…
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
