import type { VulnerabilitiesReport } from '@cosmic/contracts';
import { Sparkline } from '../charts/line-chart';
import { Panel } from '../panel';
import { SeverityTag } from '../status-pill';
import { ago, title, words } from '../format';

/** Recent findings of every persona, newest first, with what was done about each. */
export function FindingsPanel({ report }: { report?: VulnerabilitiesReport }) {
  const shown = report?.vulnerabilities.slice(0, 12) ?? [];
  const l = report?.last15m;
  return (
    <Panel
      id="cs-findings"
      title="Recent vulnerabilities"
      eyebrow="Findings, newest first"
      className="cs-span-2"
      actions={
        report && (
          <span className="cs-muted cs-small">
            {report.total} total · {report.autoFixed} auto-fixed
          </span>
        )
      }
    >
      {report && (
        <div className="cs-findings__trend">
          <Sparkline values={report.perMinute} label="Findings per minute, last 30 minutes" tone="violet" height={32} />
          <p className="cs-caption">
            Last 15 min: {l!.critical} critical · {l!.high} high · {l!.medium} medium · {l!.low} low
          </p>
        </div>
      )}
      {shown.length === 0 ? (
        <p className="cs-calm">{report ? 'No findings yet.' : 'Loading…'}</p>
      ) : (
        <ol className="cs-findings" aria-label="Recent findings">
          {shown.map((f) => (
            <li key={f.id} className={`cs-finding cs-finding--${f.severity}`}>
              <div className="cs-finding__head">
                <SeverityTag severity={f.severity} />
                <strong className="cs-finding__type">{words(f.type)}</strong>
                <span className="cs-finding__source">{title(f.source)}</span>
                <span className="cs-finding__risk" title="risk score">
                  risk {f.riskScore}
                </span>
                <time className="cs-finding__time" dateTime={f.timestamp}>
                  {ago(f.timestamp)}
                </time>
              </div>
              <p className="cs-finding__details">{f.details}</p>
              <p className="cs-finding__meta">
                <code>{f.location}</code>
                <span className={f.autoFixed ? 'cs-fixed' : 'cs-open'}>
                  {f.autoFixed ? '✓ auto-fixed' : '● needs review'}
                </span>
                <span className="cs-finding__action">{f.fixedCode}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
