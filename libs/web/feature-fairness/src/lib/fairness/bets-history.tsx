import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BetDto } from '@cosmic/contracts';
import { useBetsQuery, useWallet } from '@cosmic/web-data-access';
import { Card } from '@cosmic/web-ui';
import { betVerifyHref } from './verify-link';

const BetDetailsModal = lazy(() => import(/* webpackChunkName: "bet-details" */ './bet-details-modal'));

function BetRow({ bet, onOpen }: { bet: BetDto; onOpen(id: string): void }) {
  const href = betVerifyHref(bet);
  return (
    // the whole row opens the bet for a pointer; the time's button is the keyboard's way in
    <tr
      data-testid="history-bet"
      data-bet-id={bet.id}
      className="cc-fair__bet"
      onClick={(e) => !(e.target as HTMLElement).closest('a, button') && onOpen(bet.id)}
    >
      <td>
        <button
          type="button"
          className="cc-fair__open"
          aria-label={`${new Date(bet.time).toLocaleString()} ${bet.game} bet #${bet.id}: details`}
          onClick={() => onOpen(bet.id)}
        >
          {new Date(bet.time).toLocaleString()}
        </button>
      </td>
      <td className="cc-fair__game">{bet.game}</td>
      <td className="cc-fair__num">
        {bet.amount} {bet.currency}
      </td>
      <td className="cc-fair__num">×{bet.multiplier}</td>
      <td className="cc-fair__num">
        {bet.payout} {bet.currency}
      </td>
      <td className="cc-fair__num">{bet.nonce}</td>
      <td>
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
  const { connected, address } = useWallet();
  const { data, isLoading } = useBetsQuery(
    { walletAddress: address ?? '', limit: 20 },
    { skip: !connected || !address },
  );
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
        <div className="cc-table-wrap">
          <table className="cc-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Game</th>
                <th scope="col">Bet</th>
                <th scope="col">Multiplier</th>
                <th scope="col">Payout</th>
                <th scope="col">Nonce</th>
                <th scope="col">
                  <span className="cc-sr-only">Verify</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((b) => (
                <BetRow key={b.id} bet={b} onOpen={setOpened} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened && (
        <Suspense fallback={null}>
          <BetDetailsModal betId={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Card>
  );
}
