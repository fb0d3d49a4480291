import { Link } from 'react-router-dom';
import { errorMessage, useReservesSnapshotsQuery } from '@cosmic/web-data-access';
import { Card, PageTitle, Skeleton } from '@cosmic/web-ui';
import { CheckBalance } from './check-balance';
import { LatestSnapshot, SnapshotsTable } from './snapshots-view';
import '../fairness/fairness.css';
import './reserves.css';

/** What the proof shows and what it does not. */
function WhatItProves() {
  return (
    <section className="cc-fair__how" aria-labelledby="proves-title">
      <h2 id="proves-title" className="cc-fair__title">
        What this proves
      </h2>
      <ul className="cc-fair__notes">
        <li>
          Every hour the casino puts every player's AMINA balance into a Merkle sum tree: each node holds the hash of
          its two children and the sum of their balances, so no node can hide a negative balance.
        </li>
        <li>
          Each balance is split into 8 random shares, each a leaf with its own secret salt; the leaves are padded with
          empty ones to a power of two (at least 256) and shuffled. Your proof shows the total, the number of leaves and
          the sums of some random groups of leaves next to yours — not another player's balance or who they are.
        </li>
        <li>
          The root and the total are published on Algorand in the note of a transaction the house sends to itself, so
          they cannot be changed afterwards. The house's AMINA is read from the chain, not from the casino's database.
        </li>
        <li>
          If your proof verifies, your balance is counted in that total, and the house held at least the reserves shown.
        </li>
        <li>
          It does not prove that no player was left out: each player checks their own balance. House Coins have no cash
          value and are not included.
        </li>
      </ul>
    </section>
  );
}

/** `/fairness/reserves`: the latest snapshots, the anchored root and "Check my balance". */
export default function ReservesPage() {
  const { data, error, isLoading } = useReservesSnapshotsQuery();
  return (
    <div className="cc-fair">
      <PageTitle name="Proof of Reserves" />
      <header className="cc-fair__intro">
        <p className="cc-eyebrow">Proof of reserves</p>
        <h1 className="cc-page-title">Can the house pay?</h1>
        <p className="cc-lead">
          The <Link to="/fairness">provably fair</Link> tools prove each bet. This page proves the casino holds the
          AMINA it owes its players, and lets you check your own balance is counted.
        </p>
      </header>
      {isLoading && (
        <Card className="cc-fair__card">
          <Skeleton />
        </Card>
      )}
      {error && (
        <p className="cc-fair__bad" role="alert">
          The snapshots could not be loaded: {errorMessage(error)}
        </p>
      )}
      {data && (
        <>
          <div className="cc-fair__grid">
            <LatestSnapshot overview={data} />
            <CheckBalance snapshots={data.snapshots} />
          </div>
          <SnapshotsTable overview={data} />
        </>
      )}
      <WhatItProves />
    </div>
  );
}
