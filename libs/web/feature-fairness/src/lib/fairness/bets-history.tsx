import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BetDto } from '@cosmic/contracts';
import { useBetsQuery, useRequestAddress } from '@cosmic/web-data-access';
import { Card, ScrollRegion } from '@cosmic/web-ui';
import { betVerifyHref } from './verify-link';

const BetDetailsModal = lazy(() => import(/* webpackChunkName: "bet-details" */ './bet-details-modal'));

function BetRow({ bet, onOpen }: { bet: BetDto; onOpen(id: string): void }) {
  const href = betVerifyHref(bet);
  return (
    // the whole row opens the bet for a pointer; the time's button is the keyboard's way in
    <tr
      role="row"
      data-testid="history-bet"
      data-bet-id={bet.id}
      className="cc-fair__bet"
      onClick={(e) => !(e.target as HTMLElement).closest('a, button') && onOpen(bet.id)}
    >
      <td role="cell">
        <button
          type="button"
          className="cc-fair__open"
          aria-label={`${new Date(bet.time).toLocaleString()} ${bet.game} bet #${bet.id}: details`}
          onClick={() => onOpen(bet.id)}
        >
          {new Date(bet.time).toLocaleString()}
        </button>
      </td>
      <td role="cell" className="cc-fair__game cc-cards-table__top cc-cards-table__grow">
        {bet.game}
      </td>
      <td role="cell" className="cc-fair__num" data-label="Bet">
        {bet.amount} {bet.currency}
      </td>
      <td role="cell" className="cc-fair__num cc-cards-table__top">
        ×{bet.multiplier}
      </td>
      <td role="cell" className="cc-fair__num cc-cards-table__top">
        {bet.payout} {bet.currency}
      </td>
      <td role="cell" className="cc-fair__num" data-label="Nonce">
        {bet.nonce}
      </td>
      <td role="cell" className="cc-cards-table__end">
        {href ? (
          <Link to={href}>verify</Link>
        ) : (
          <span className="cc-fair__hint" title="Rotate your seed pair to reveal the server seed">
            after rotation
          </span>
        )}
      </td>
    </tr>
  );
}

/** The player's recent bets: each opens its details (outcome, seeds, Verify); revealed ones also link to the verifier. */
export function BetsHistory() {
  const address = useRequestAddress();
  const { data, isLoading } = useBetsQuery({ walletAddress: address ?? '', limit: 20 }, { skip: !address });
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <Card className="cc-fair__card" aria-labelledby="bets-title">
      <h2 id="bets-title" className="cc-fair__title">
        Your recent bets
      </h2>
      {isLoading && (
        <p className="cc-fair__empty" role="status">
          Loading your bets…
        </p>
      )}
      {data && data.length === 0 && (
        <p className="cc-fair__empty">
          No bets yet. Every bet you place shows up here, ready to verify once its seed is revealed.
        </p>
      )}
      {data && data.length > 0 && (
        // below 560 px each bet is a card (the UI kit's cc-cards-table): its payout is never a sideways scroll away
        <ScrollRegion label="Your recent bets" className="cc-table-wrap cc-fair__bets">
          <table className="cc-table cc-cards-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                {['Time', 'Game', 'Bet', 'Multiplier', 'Payout', 'Nonce'].map((c) => (
                  <th key={c} scope="col" role="columnheader">
                    {c}
                  </th>
                ))}
                <th scope="col" role="columnheader">
                  <span className="cc-sr-only">Verify</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {data.map((b) => (
                <BetRow key={b.id} bet={b} onOpen={setOpened} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {opened && (
        <Suspense fallback={null}>
          <BetDetailsModal betId={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Card>
  );
}
