import type { Tone } from './tone';

export interface GaugeProps {
  value: number;
  max: number;
  label: string;
  /** Text in the middle (default: the value). */
  display?: string;
  tone?: Tone;
  size?: number;
}

const R = 40;
const ARC = Math.PI * R * 1.5; // a 270° arc

/** A 270° ring gauge in inline SVG. */
export function Gauge({ value, max, label, display, tone = 'cyan', size = 96 }: GaugeProps) {
  const filled = Math.min(1, Math.max(0, max > 0 ? value / max : 0)) * ARC;
  return (
    <figure className={`cs-gauge cs-tone--${tone}`}>
      <svg viewBox="0 0 100 100" width={size} height={size} role="img" aria-label={`${label}: ${display ?? value}`}>
        <circle
          cx="50"
          cy="50"
          r={R}
          className="cs-gauge__track"
          strokeDasharray={`${ARC} 999`}
          transform="rotate(135 50 50)"
        />
        <circle
          cx="50"
          cy="50"
          r={R}
          className="cs-gauge__value"
          stroke="currentColor"
          strokeDasharray={`${filled} 999`}
          transform="rotate(135 50 50)"
        />
        <text x="50" y="56" textAnchor="middle" className="cs-gauge__text">
          {display ?? value}
        </text>
      </svg>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
