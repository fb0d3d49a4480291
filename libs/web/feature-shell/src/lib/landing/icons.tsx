// Decorative inline icons for the landing page (no image requests, no icon font).
const common = {
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Rocket. */
export function RocketIcon() {
  return (
    <svg width="22" height="22" {...common}>
      <path d="M5 15c-1.5 1.3-2 4-2 6 2 0 4.7-.5 6-2M9 15l-3-3c1-3 3.5-6.5 7-8.5C16 2 19.5 2 22 2c0 2.5 0 6-1.5 9-2 3.5-5.5 6-8.5 7l-3-3z" />
      <circle cx="15.5" cy="8.5" r="1.8" />
    </svg>
  );
}

/** Game controller: the five games. */
export function GamesIcon() {
  return (
    <svg {...common}>
      <rect x="2" y="7" width="20" height="11" rx="5.5" />
      <path d="M7 10.5v4M5 12.5h4" />
      <circle cx="15.5" cy="11.5" r="1" fill="currentColor" />
      <circle cx="18" cy="13.5" r="1" fill="currentColor" />
    </svg>
  );
}

/** Coin: AMINA. */
export function CoinIcon() {
  return (
    <svg {...common}>
      <ellipse cx="12" cy="7" rx="8" ry="3.5" />
      <path d="M4 7v5c0 1.9 3.6 3.5 8 3.5s8-1.6 8-3.5V7M4 12v5c0 1.9 3.6 3.5 8 3.5s8-1.6 8-3.5v-5" />
    </svg>
  );
}

/** Shield with a check: provably fair. */
export function ShieldIcon() {
  return (
    <svg {...common}>
      <path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5l-8-3z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </svg>
  );
}

/** The AMINA token: a glowing coin with an A. */
export function AminaToken() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="amina-coin" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="0.55" stopColor="#f59e0b" />
          <stop offset="1" stopColor="#b45309" />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="20" fill="url(#amina-coin)" />
      <circle cx="24" cy="24" r="15.5" fill="none" stroke="#fff7d6" strokeOpacity="0.55" strokeWidth="1.5" />
      <path
        d="M17 32 24 15l7 17M19.5 26.5h9"
        fill="none"
        stroke="#451a03"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
