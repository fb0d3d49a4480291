import { useId } from 'react';
import type { Tone } from './tone';

/** One line of a chart. */
export interface ChartSeries {
  label: string;
  values: number[];
  tone: Tone;
  /** Fill the area under the line. */
  area?: boolean;
}

export interface LineChartProps {
  series: ChartSeries[];
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  /** Top of the scale (default: the largest value, at least 1). */
  max?: number;
  className?: string;
}

const W = 300;

function points(values: number[], max: number, h: number): string {
  const n = values.length;
  if (n === 0) return '';
  const step = n > 1 ? W / (n - 1) : W;
  return values
    .map((v, i) => `${(i * step).toFixed(1)},${(h - 1 - (Math.max(0, v) / max) * (h - 3)).toFixed(1)}`)
    .join(' ');
}

/** Lines (optionally filled) over a shared scale, drawn in inline SVG that stretches to its box. */
export function LineChart({ series, label, height = 64, max, className = '' }: LineChartProps) {
  const gradient = useId();
  const top = Math.max(1, max ?? Math.max(0, ...series.flatMap((s) => s.values)));
  return (
    <svg
      className={`cs-chart ${className}`.trim()}
      viewBox={`0 0 ${W} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      height={height}
    >
      <title>{label}</title>
      <defs>
        <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.45" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0.25, 0.5, 0.75].map((f) => (
        <line key={f} className="cs-chart__grid" x1="0" x2={W} y1={height * f} y2={height * f} />
      ))}
      {series.map((s) => {
        const pts = points(s.values, top, height);
        return (
          <g key={s.label} className={`cs-tone--${s.tone}`}>
            {s.area && pts && <polygon points={`0,${height} ${pts} ${W},${height}`} fill={`url(#${gradient})`} />}
            <polyline
              points={pts}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </g>
        );
      })}
    </svg>
  );
}

/** A single small line with its area: the trend of one number. */
export function Sparkline({
  values,
  label,
  tone = 'cyan',
  height = 36,
}: {
  values: number[];
  label: string;
  tone?: Tone;
  height?: number;
}) {
  return (
    <LineChart
      series={[{ label, values, tone, area: true }]}
      label={label}
      height={height}
      className="cs-chart--spark"
    />
  );
}
