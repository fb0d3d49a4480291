import type { RealTimeStats } from '@cosmic/contracts';
import { LineChart, Sparkline } from '../charts/line-chart';
import { Panel } from '../panel';

const LEGEND = [
  ['Requests', 'cyan'],
  ['Rejected', 'gold'],
  ['Throttled', 'pink'],
  ['Server errors', 'danger'],
] as const;

/** The last 60 seconds of API traffic, second by second. */
export function TrafficPanel({ stats }: { stats?: RealTimeStats }) {
  const latency = stats?.avgLatencyMs ?? [];
  const answered = latency.filter((v) => v > 0);
  const avg = answered.length ? answered.reduce((a, b) => a + b, 0) / answered.length : 0;
  return (
    <Panel id="cs-realtime" title="Real-time stats" eyebrow="Last 60 seconds" className="cs-span-2">
      {stats ? (
        <>
          <LineChart
            label={`API requests per second over the last minute: now ${stats.currentRps}, peak ${stats.peakRps}`}
            height={120}
            series={[
              { label: 'Requests', values: stats.requestsPerSecond, tone: 'cyan', area: true },
              { label: 'Rejected', values: stats.rejectedPerSecond, tone: 'gold' },
              { label: 'Throttled', values: stats.rateLimitedPerSecond, tone: 'pink' },
              { label: 'Server errors', values: stats.serverErrorsPerSecond, tone: 'danger' },
            ]}
          />
          <ul className="cs-legend">
            {LEGEND.map(([label, tone]) => (
              <li key={label} className={`cs-tone--${tone}`}>
                <span className="cs-legend__swatch" aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
          <div className="cs-latency">
            <div>
              <span className="cs-label">Avg latency</span>
              <strong>{avg.toFixed(1)} ms</strong>
            </div>
            <Sparkline values={latency} label="Average answer time per second" tone="violet" />
            <div>
              <span className="cs-label">Worst</span>
              <strong>{Math.max(0, ...(stats.maxLatencyMs ?? [])).toFixed(1)} ms</strong>
            </div>
          </div>
        </>
      ) : (
        <div className="cc-skeleton cs-chart-skeleton" />
      )}
    </Panel>
  );
}
