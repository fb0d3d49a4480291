import type { ComprehensiveReport } from '@cosmic/contracts';
import { BarList } from '../charts/bar-list';
import { Panel } from '../panel';

/** Why the status is what it is, and the findings by severity. */
export function StatusPanel({ report }: { report?: ComprehensiveReport }) {
  const sev = report?.stats.bySeverity;
  return (
    <Panel id="cs-stats" title="Stats" eyebrow="Overall">
      {report ? (
        report.stats.reasons.length ? (
          <ul className="cs-reasons">
            {report.stats.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : (
          <p className="cs-calm">All four guards report quiet skies.</p>
        )
      ) : (
        <p className="cs-muted">Waiting for the first report…</p>
      )}
      {sev && (
        <BarList
          label="Findings by severity since start"
          items={[
            { label: 'Critical', value: sev.critical, tone: 'danger' },
            { label: 'High', value: sev.high, tone: 'pink' },
            { label: 'Medium', value: sev.medium, tone: 'gold' },
            { label: 'Low', value: sev.low, tone: 'cyan' },
          ]}
        />
      )}
    </Panel>
  );
}
