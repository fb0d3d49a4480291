import type { Tone } from './tone';

/** One labelled bar. */
export interface BarItem {
  label: string;
  value: number;
  tone: Tone;
}

/** Labelled horizontal bars on one scale, each bar an inline SVG. */
export function BarList({ items, label, max }: { items: BarItem[]; label: string; max?: number }) {
  const top = Math.max(1, max ?? Math.max(0, ...items.map((i) => i.value)));
  return (
    <ul className="cs-bars" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className="cs-bars__row">
          <span className="cs-bars__label">{item.label}</span>
          <svg
            className={`cs-bars__bar cs-tone--${item.tone}`}
            viewBox="0 0 100 10"
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <rect x="0" y="0" width="100" height="10" rx="2" className="cs-bars__track" />
            <rect x="0" y="0" width={(Math.max(0, item.value) / top) * 100} height="10" rx="2" fill="currentColor" />
          </svg>
          <span className="cs-bars__value">{item.value.toLocaleString('en-US')}</span>
        </li>
      ))}
    </ul>
  );
}
