import type { HackersReport } from '@cosmic/contracts';
import { Panel } from '../panel';
import { ago, count } from '../format';

/** The addresses that misbehaved most (the spec's "hackers"). */
export function OffendersPanel({ report }: { report?: HackersReport }) {
  const rows = report?.offenders.slice(0, 8) ?? [];
  const top = Math.max(1, ...rows.map((r) => r.score));
  return (
    <Panel
      id="cs-hackers"
      title="Hackers"
      eyebrow="Offending addresses"
      actions={
        report && (
          <span className="cs-muted cs-small">
            {report.activeLastMinute} active now · {report.totalOffenders} seen
          </span>
        )
      }
    >
      {rows.length === 0 ? (
        <p className="cs-calm">{report ? 'Nobody has misbehaved.' : 'Loading…'}</p>
      ) : (
        <ul className="cs-offenders">
          {rows.map((o) => (
            <li key={o.ip} className="cs-offender">
              <div className="cs-offender__head">
                <code className="cs-offender__ip">{o.ip}</code>
                <span className={`cs-threat cs-threat--${o.threat}`}>{o.threat}</span>
                <span className="cs-offender__seen">{ago(o.lastSeen)}</span>
              </div>
              <svg
                className={`cs-offender__bar cs-threat-bar--${o.threat}`}
                viewBox="0 0 100 4"
                preserveAspectRatio="none"
                aria-hidden="true"
              >
                <rect width="100" height="4" rx="2" className="cs-bars__track" />
                <rect width={(o.score / top) * 100} height="4" rx="2" fill="currentColor" />
              </svg>
              <p className="cs-offender__counts">
                {count(o.rejected)} rejected · {count(o.rateLimited)} throttled · {o.failedLogins} bad passwords ·{' '}
                {o.hostile} hostile
              </p>
              <p className="cs-offender__path">
                <code>{o.lastPath}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
