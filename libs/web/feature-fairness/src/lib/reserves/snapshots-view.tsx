import type { ReservesOverview, ReservesSnapshot } from '@cosmic/contracts';
import { Badge, Card, ExternalLink, FactList, ScrollRegion } from '@cosmic/web-ui';
import { amina, percent, short } from './format';

function Anchor({ s }: { s: ReservesSnapshot }) {
  if (!s.anchor.txId) return <>not yet published</>;
  return s.anchor.explorerUrl ? (
    <ExternalLink href={s.anchor.explorerUrl}>{s.anchor.txId}</ExternalLink>
  ) : (
    <>{s.anchor.txId}</>
  );
}

/** The newest snapshot in full: reserves read from the chain, liabilities, ratio, root and where it was anchored. */
export function LatestSnapshot({ overview }: { overview: ReservesOverview }) {
  const s = overview.snapshots[0];
  if (!s)
    return (
      <Card className="cc-fair__card">
        <p className="cc-fair__empty">No snapshot has been taken yet: the first is taken within the hour.</p>
      </Card>
    );
  return (
    <Card className="cc-fair__card" aria-labelledby="latest-title" data-testid="reserves-latest">
      <div className="cc-reserves__head">
        <h2 id="latest-title" className="cc-fair__title">
          Snapshot {s.id}
        </h2>
        {s.covered ? <Badge tone="cyan">Fully covered</Badge> : <Badge tone="gold">Reserves below liabilities</Badge>}
      </div>
      <FactList
        facts={[
          { label: 'Taken', value: new Date(s.takenAt).toLocaleString() },
          { label: 'Reserves (house AMINA on chain)', value: `${amina(s.reserves)} at round ${s.reservesRound}` },
          { label: 'Liabilities (players’ AMINA)', value: amina(s.liabilities) },
          { label: 'Ratio', value: s.ratio === null ? 'nothing owed' : percent(s.ratio) },
          { label: 'Leaves (8 per player, padded)', value: s.leafCount.toLocaleString('en-US') },
          { label: 'Ledger position', value: s.ledgerPosition },
          { label: 'Root hash', value: s.rootHash, mono: true },
          { label: 'Anchoring transaction', value: <Anchor s={s} />, mono: true },
          { label: 'Anchored in round', value: s.anchor.round ?? 'pending' },
          { label: 'House address', value: overview.houseAddress, mono: true },
        ]}
      />
    </Card>
  );
}

/** Every listed snapshot, newest first. */
export function SnapshotsTable({ overview }: { overview: ReservesOverview }) {
  if (overview.snapshots.length < 2) return null;
  return (
    <Card className="cc-fair__card" aria-labelledby="history-title">
      <h2 id="history-title" className="cc-fair__title">
        Earlier snapshots
      </h2>
      <ScrollRegion label="Reserve snapshots">
        <table className="cc-table">
          <thead>
            <tr>
              <th scope="col">Snapshot</th>
              <th scope="col">Taken</th>
              <th scope="col">Reserves</th>
              <th scope="col">Liabilities</th>
              <th scope="col">Ratio</th>
              <th scope="col">Root</th>
              <th scope="col">Anchoring transaction</th>
            </tr>
          </thead>
          <tbody>
            {overview.snapshots.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.id}</th>
                <td>{new Date(s.takenAt).toLocaleString()}</td>
                <td className="cc-fair__num">{amina(s.reserves)}</td>
                <td className="cc-fair__num">{amina(s.liabilities)}</td>
                <td className="cc-fair__num">{s.ratio === null ? '—' : percent(s.ratio)}</td>
                <td className="cc-mono" title={s.rootHash}>
                  {short(s.rootHash)}
                </td>
                <td className="cc-mono">
                  {s.anchor.txId ? (
                    s.anchor.explorerUrl ? (
                      <ExternalLink href={s.anchor.explorerUrl}>{short(s.anchor.txId)}</ExternalLink>
                    ) : (
                      <span title={s.anchor.txId}>{short(s.anchor.txId)}</span>
                    )
                  ) : (
                    'pending'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}
