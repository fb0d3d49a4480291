import type { DomainReport } from '@cosmic/contracts';
import { Panel } from '../panel';
import { StatusPill } from '../status-pill';
import { ago } from '../format';

const MARK = { pass: '✓', warn: '!', fail: '✕', info: 'i' } as const;

/** The deployment checking its own configuration every 30 s. */
export function DomainPanel({ report }: { report?: DomainReport }) {
  return (
    <Panel
      id="cs-domain"
      title="Domain report"
      eyebrow={`Self-check every ${report?.intervalSeconds ?? 30} s`}
      actions={report && <StatusPill status={report.status} />}
    >
      {report ? (
        <>
          <dl className="cs-facts cs-facts--3">
            <div>
              <dt>Issues fixed</dt>
              <dd>{report.totalIssuesFixed}</dd>
            </div>
            <div>
              <dt>Active issues</dt>
              <dd className={report.activeIssues ? 'cs-bad' : 'cs-good'}>{report.activeIssues}</dd>
            </div>
            <div>
              <dt>Last checkup</dt>
              <dd>{ago(report.lastCheckup)}</dd>
            </div>
          </dl>
          <ul className="cs-checks">
            {report.checks.map((c) => (
              <li key={c.id} className={`cs-check--${c.status}`}>
                <span className="cs-check__mark" aria-label={c.status}>
                  {MARK[c.status]}
                </span>
                <span className="cs-check__name">{c.name}</span>
                <span className="cs-check__detail">{c.detail}</span>
              </li>
            ))}
          </ul>
          <p className="cs-origins" aria-label="CORS allow-list">
            {report.allowedOrigins.map((o) => (
              <code key={o} className="cs-chip">
                {o}
              </code>
            ))}
            {report.removedOrigins.map((o) => (
              <del key={o} className="cs-chip cs-chip--removed">
                {o}
              </del>
            ))}
          </p>
        </>
      ) : (
        <p className="cs-muted">Loading…</p>
      )}
    </Panel>
  );
}
