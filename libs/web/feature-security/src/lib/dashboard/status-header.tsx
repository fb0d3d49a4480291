import { useEffect, useState } from 'react';
import { Button } from '@cosmic/web-ui';
import type { ComprehensiveReport } from '@cosmic/contracts';
import { StatusPill } from '../status-pill';
import { ago, clock } from '../format';

/** Title bar: overall status, live indicator, session countdown, Lock. */
export function StatusHeader({
  report,
  expiresAt,
  onLock,
}: {
  report?: ComprehensiveReport;
  expiresAt: number;
  onLock: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <header className="cs-top">
      <div className="cs-top__title">
        <p className="cc-eyebrow">Operators only · live telemetry</p>
        <h1 id="security-title" className="cc-page-title">
          Security Dashboard
        </h1>
      </div>
      <div className="cs-top__meta">
        {report ? <StatusPill status={report.stats.status} size="lg" /> : <StatusPill status="CONNECTING" size="lg" />}
        <span
          className="cs-live"
          title={report ? `updated ${ago(report.generatedAt, now)}` : 'waiting for the first answer'}
        >
          <span className="cs-live__dot" aria-hidden="true" /> Live · 1 s
        </span>
        <span className="cs-countdown" aria-label="session time left">
          Session {clock(expiresAt - now)}
        </span>
        <Button size="sm" variant="ghost" onClick={onLock}>
          Lock
        </Button>
      </div>
    </header>
  );
}
