import type { AuditorStats, PersonaStats, SentinelStats, TreasurerStats, WardenStats } from '@cosmic/contracts';
import { Sparkline } from '../charts/line-chart';
import { SplitBar } from '../charts/split-bar';
import { count, ago } from '../format';

function Facts({ facts }: { facts: Array<[string, string | number]> }) {
  return (
    <dl className="cs-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{typeof value === 'number' ? count(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Sentinel({ s }: { s: SentinelStats }) {
  return (
    <>
      <Facts
        facts={[
          ['Throttled', s.rateLimits.limited],
          ['Bad passwords', s.bruteForce.failedLogins],
          ['Locked out', s.bruteForce.activeLockouts],
          ['Session abuse', s.sessionAbuse.foreignWallet + s.sessionAbuse.badOperatorToken],
        ]}
      />
      <Sparkline
        values={s.rateLimits.limitedPerMinute}
        label="Requests throttled per minute, last 30 minutes"
        tone="pink"
      />
      <p className="cs-caption">Throttled per minute · limit {count(s.rateLimits.perMinute)}/min per IP</p>
    </>
  );
}

function Warden({ s }: { s: WardenStats }) {
  const top = s.topRoutes[0];
  return (
    <>
      <Facts
        facts={[
          ['Rejected', s.rejected],
          ['Hostile', s.hostile],
          ['Unknown fields', s.byKind['unknown-field'] ?? 0],
          ['Probes', s.byKind['unknown-route'] ?? 0],
        ]}
      />
      <Sparkline values={s.rejectedPerMinute} label="Requests rejected per minute, last 30 minutes" tone="gold" />
      <p className="cs-caption">
        {top ? `Most rejected: ${top.route} (${count(top.rejected)})` : 'No rejected input yet'}
      </p>
    </>
  );
}

function Auditor({ s }: { s: AuditorStats }) {
  const c = s.checks;
  const rows: Array<[string, boolean, string]> = [
    [
      'Balances = ledger',
      c.ledger.mismatches === 0 && c.ledger.orphanLedgers === 0,
      `${count(c.ledger.checked)} checked`,
    ],
    ['No negative balance', c.negativeBalances === 0, c.negativeBalances ? `${c.negativeBalances} found` : 'none'],
    ['RTPs match engine', c.rtp.mismatches === 0, `${c.rtp.checked} tables`],
    ['Seed hashes', c.seeds.mismatches === 0, `${count(c.seeds.checked)} pairs`],
  ];
  return (
    <>
      <ul className="cs-checks cs-checks--compact">
        {rows.map(([label, ok, detail]) => (
          <li key={label} className={s.lastRun ? (ok ? 'cs-check--pass' : 'cs-check--fail') : 'cs-check--info'}>
            <span className="cs-check__mark" aria-hidden="true">
              {s.lastRun ? (ok ? '✓' : '✕') : '…'}
            </span>
            <span>{label}</span>
            <span className="cs-check__detail">{s.lastRun ? detail : 'pending'}</span>
          </li>
        ))}
      </ul>
      <p className="cs-caption">
        {s.lastRun
          ? `Last audit ${ago(s.lastRun.at)} in ${s.lastRun.durationMs} ms · every ${s.intervalSeconds} s`
          : 'First audit pending'}
      </p>
    </>
  );
}

function Treasurer({ s }: { s: TreasurerStats }) {
  const rec = s.reconciliation;
  const owed = Number(rec?.playerLiabilities ?? s.counts?.playerLiabilitiesAmina ?? 0);
  const held = Number(rec?.houseChainAmina ?? 0);
  return (
    <>
      <Facts
        facts={[
          ['Deposits', s.counts?.deposits.credited ?? 0],
          ['Withdrawals', s.counts?.withdrawals.confirmed ?? 0],
          ['In flight', s.counts?.withdrawals.inFlight ?? 0],
          ['Parked', s.counts?.deposits.parked ?? 0],
        ]}
      />
      {rec ? (
        <>
          <SplitBar
            held={held}
            owed={owed}
            label={`House holds ${rec.houseChainAmina} AMINA, owes players ${rec.playerLiabilities}`}
          />
          <p className="cs-caption">
            House {rec.houseChainAmina} · owed {rec.playerLiabilities} · surplus {rec.surplus} AMINA
            {rec.unknownOutgoing.length ? ` · ${rec.unknownOutgoing.length} unknown outgoing!` : ''}
          </p>
        </>
      ) : (
        <>
          <Sparkline values={s.liabilitiesHistory} label="AMINA owed to players, recent samples" tone="emerald" />
          <p className="cs-caption">
            Players hold {s.counts?.playerLiabilitiesAmina ?? '—'} AMINA · reconciliation pending
          </p>
        </>
      )}
      <PaidAfterRefund flagged={s.counts?.flaggedWithdrawals ?? []} />
    </>
  );
}

/** Refunded withdrawals whose transfer landed anyway: money paid twice, listed until an operator clears them. */
function PaidAfterRefund({ flagged }: { flagged: NonNullable<TreasurerStats['counts']>['flaggedWithdrawals'] }) {
  if (!flagged.length) return null;
  return (
    <div className="cs-alert" role="alert" aria-label="Withdrawals paid after a refund">
      <p>
        <strong>
          {count(flagged.length)} refunded withdrawal{flagged.length === 1 ? '' : 's'} paid on chain anyway
        </strong>{' '}
        — AMINA is paused until you resolve them.
      </p>
      <ul className="cs-reasons">
        {flagged.map((w) => (
          <li key={w.id}>
            #{w.id}: {w.amountAmina} AMINA to {w.toAddress.slice(0, 6)}…{w.toAddress.slice(-4)} (player {w.userId}, tx{' '}
            {w.txId.slice(0, 8)}…, flagged {ago(w.flaggedAt)})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The persona's own numbers, each drawn the way it reads fastest. */
export function PersonaDetails({ stats }: { stats: PersonaStats }) {
  switch (stats.name) {
    case 'sentinel':
      return <Sentinel s={stats as SentinelStats} />;
    case 'warden':
      return <Warden s={stats as WardenStats} />;
    case 'auditor':
      return <Auditor s={stats as AuditorStats} />;
    case 'treasurer':
      return <Treasurer s={stats as TreasurerStats} />;
  }
}
