import { useEffect, useRef } from 'react';
import { AutoScaleAxis, LineChart, type LineChartData, type LineChartOptions } from 'chartist';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import type { NetPoint } from './session-stats';
import './session-stats-chart.css';

// The session's net-profit line, drawn by Chartist (SVG). Its own chunk: fetched with the page's
// first settled bet, when there is a line to draw.

/** An axis label: a signed, short amount ("+1.5k", "−20", "0"). */
export function axisLabel(value: number): string {
  const abs = Math.abs(value);
  const text =
    abs >= 1e6
      ? `${+(abs / 1e6).toFixed(1)}M`
      : abs >= 1e4
        ? `${+(abs / 1e3).toFixed(1)}k`
        : `${+abs.toFixed(abs < 1 ? 3 : 1)}`;
  return value === 0 ? '0' : `${value < 0 ? '−' : '+'}${text}`;
}

/** The chart's data and scale: amounts in whole units, the scale always showing 0. */
export function chartData(points: readonly NetPoint[]): { data: LineChartData; low: number; high: number } {
  const values = points.map((p) => ({ x: p.bet, y: Number(p.net) / Number(BASE_UNITS_PER_COIN) }));
  const ys = values.map((v) => v.y);
  const low = Math.min(0, ...ys);
  const high = Math.max(0, ...ys);
  return { data: { series: [values] }, low, high: high === low ? low + 1 : high };
}

const OPTIONS: LineChartOptions = {
  height: '120px',
  showArea: true,
  areaBase: 0,
  showPoint: false,
  lineSmooth: false,
  fullWidth: true,
  chartPadding: { top: 16, right: 6, bottom: 4, left: 0 },
  axisX: { type: AutoScaleAxis, onlyInteger: true, showLabel: false, showGrid: false, offset: 0 },
  axisY: {
    offset: 46,
    scaleMinSpace: 28,
    labelOffset: { x: 0, y: 6 },
    labelInterpolationFnc: (v) => axisLabel(Number(v)),
  },
};

/** The line (green while the session is up, red while down); hidden from assistive tech: the figure's label says it. */
export default function SessionStatsChart({ points }: { points: readonly NetPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<LineChart | null>(null);
  const { data, low, high } = chartData(points);

  useEffect(() => {
    if (!box.current) return;
    chart.current = new LineChart(box.current, data, { ...OPTIONS, low, high });
    return () => {
      chart.current?.detach();
      chart.current = null;
    };
    // created once; later points update it below
  }, []);

  useEffect(() => {
    chart.current?.update(data, { ...OPTIONS, low, high });
  }, [points]);

  const last = points[points.length - 1]?.net ?? 0n;
  return (
    <div
      ref={box}
      className={`cc-session__plot ${last < 0n ? 'is-down' : 'is-up'}`}
      aria-hidden="true"
      data-testid="session-chart"
    />
  );
}
