import type { ComprehensiveReport } from '@cosmic/contracts';
import { count, uptime } from '../format';

/** The headline numbers of the comprehensive report. */
export function KpiTiles({ report }: { report?: ComprehensiveReport }) {
  const s = report?.stats;
  const rt = report?.realTimeStats;
  const tiles: Array<{ label: string; value: string; hint: string; tone?: string }> = [
    {
      label: 'Requests / s',
      value: rt ? count(rt.currentRps) : '—',
      hint: rt ? `peak ${count(rt.peakRps)} · ${count(rt.requestsLastMinute)} last min` : '',
    },
    { label: 'Rejected', value: s ? count(s.rejected) : '—', hint: 'bad input, no session', tone: 'gold' },
    { label: 'Throttled', value: s ? count(s.rateLimited) : '—', hint: '429 over the rate limit', tone: 'pink' },
    {
      label: 'Findings · 15 min',
      value: s ? count(s.findingsLast15m) : '—',
      hint: s ? `${count(s.totalFindings)} total · ${count(s.autoFixed)} auto-fixed` : '',
    },
    {
      label: 'Active issues',
      value: s ? count(s.activeIssues) : '—',
      hint: 'audit, domain, emergency',
      tone: s && s.activeIssues > 0 ? 'danger' : 'emerald',
    },
    { label: 'Offenders', value: s ? count(s.offenders) : '—', hint: s ? `up ${uptime(s.uptimeSeconds)}` : '' },
  ];
  return (
    <dl className="cs-kpis">
      {tiles.map((t) => (
        <div key={t.label} className={`cs-kpi${t.tone ? ` cs-kpi--${t.tone}` : ''}`}>
          <dt>{t.label}</dt>
          <dd className="cs-kpi__value">{t.value}</dd>
          <dd className="cs-kpi__hint">{t.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
