// Inline SVG art for the lobby cards: no image requests, crisp at any size, no emoji font needed.
import type { ReactNode } from 'react';

function Art({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 160 100" focusable="false" aria-hidden="true">
      {children}
    </svg>
  );
}

const font = { fontFamily: 'system-ui, sans-serif', fontWeight: 800, textAnchor: 'middle' } as const;

/** Three reels with a seven, a star and a gem. */
export function SlotsArt() {
  return (
    <Art>
      <rect x="14" y="14" width="126" height="72" rx="14" fill="#1e1b4f" stroke="#fbbf24" strokeWidth="3" />
      {[24, 62, 100].map((x) => (
        <rect key={x} x={x} y="24" width="32" height="52" rx="6" fill="#0b0a22" stroke="#fde68a" strokeOpacity="0.4" />
      ))}
      <text x="40" y="60" fontSize="30" fill="#f472b6" {...font}>
        7
      </text>
      <path d="m78 36 4 9 10 1-7.5 6.5 2.5 9.5-9-5.5-9 5.5 2.5-9.5L64 46l10-1z" fill="#fbbf24" />
      <path d="m116 36 10 10-10 16-10-16z" fill="#22d3ee" />
      <path d="M20 50h114" stroke="#ec4899" strokeWidth="2" strokeDasharray="4 4" opacity="0.7" />
      <path d="M140 40h8v-16" fill="none" stroke="#fde68a" strokeWidth="3" strokeLinecap="round" />
      <circle cx="148" cy="20" r="6" fill="#ec4899" />
    </Art>
  );
}

const PEGS = Array.from({ length: 6 }, (_, r) =>
  Array.from({ length: r + 3 }, (_, i) => [80 + (i - (r + 2) / 2) * 14, 14 + r * 11] as const),
).flat();
const SLOT_COLOURS = ['#f472b6', '#a78bfa', '#22d3ee', '#34d399', '#22d3ee', '#a78bfa', '#f472b6'];

/** A triangle of pegs, a glowing ball and the slots below. */
export function PlinkoArt() {
  return (
    <Art>
      {PEGS.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.6" fill="#c4b5fd" />
      ))}
      <circle cx="87" cy="41" r="8" fill="#22d3ee" opacity="0.3" />
      <circle cx="87" cy="41" r="5" fill="#a5f3fc" />
      {SLOT_COLOURS.map((c, i) => (
        <rect key={i} x={33 + i * 14} y="82" width="11" height="8" rx="2" fill={c} />
      ))}
    </Art>
  );
}

function PlayingCard({
  x,
  rotate,
  rank,
  suit,
  colour,
}: {
  x: number;
  rotate: number;
  rank: string;
  suit: string;
  colour: string;
}) {
  return (
    <g transform={`rotate(${rotate} ${x + 22} 50)`}>
      <rect x={x} y="16" width="44" height="64" rx="6" fill="#f8fafc" stroke="#cbd5e1" />
      <text x={x + 10} y="33" fontSize="13" fill={colour} {...font}>
        {rank}
      </text>
      <text x={x + 22} y="62" fontSize="26" fill={colour} {...font}>
        {suit}
      </text>
    </g>
  );
}

/** An ace and a king: blackjack. */
export function BlackjackArt() {
  return (
    <Art>
      <ellipse cx="80" cy="88" rx="54" ry="6" fill="#34d399" opacity="0.25" />
      <PlayingCard x={46} rotate={-12} rank="A" suit="♠" colour="#0b0a22" />
      <PlayingCard x={72} rotate={10} rank="K" suit="♥" colour="#e11d48" />
    </Art>
  );
}

/** A card between a higher and a lower arrow. */
export function HiLoArt() {
  return (
    <Art>
      <PlayingCard x={58} rotate={0} rank="7" suit="♦" colour="#e11d48" />
      <path
        d="M32 62V32m-12 12 12-12 12 12"
        fill="none"
        stroke="#34d399"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M128 34v30m-12-12 12 12 12-12"
        fill="none"
        stroke="#f472b6"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Art>
  );
}

function Die({
  x,
  y,
  rotate,
  pips,
}: {
  x: number;
  y: number;
  rotate: number;
  pips: ReadonlyArray<readonly [number, number]>;
}) {
  return (
    <g transform={`rotate(${rotate} ${x + 20} ${y + 20})`}>
      <rect x={x} y={y} width="40" height="40" rx="9" fill="#fdf2f8" stroke="#f9a8d4" strokeWidth="2" />
      {pips.map(([px, py]) => (
        <circle key={`${px}${py}`} cx={x + px} cy={y + py} r="3.6" fill="#9d174d" />
      ))}
    </g>
  );
}

/** Two dice: a five and a two. */
export function DiceArt() {
  return (
    <Art>
      <Die
        x={36}
        y={22}
        rotate={-14}
        pips={[
          [10, 10],
          [30, 10],
          [20, 20],
          [10, 30],
          [30, 30],
        ]}
      />
      <Die
        x={84}
        y={34}
        rotate={12}
        pips={[
          [11, 11],
          [29, 29],
        ]}
      />
    </Art>
  );
}

/** A stack of chips and a spade. */
export function PokerArt() {
  return (
    <Art>
      {[0, 1, 2, 3].map((i) => (
        <g key={i}>
          <ellipse
            cx="58"
            cy={74 - i * 9}
            rx="26"
            ry="9"
            fill={i % 2 ? '#7c3aed' : '#fbbf24'}
            stroke="#0b0a22"
            strokeWidth="1.5"
          />
          <ellipse
            cx="58"
            cy={74 - i * 9}
            rx="15"
            ry="5"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.6"
            strokeDasharray="4 3"
          />
        </g>
      ))}
      <path
        d="M112 22c10 12 24 18 24 30 0 8-10 12-18 6l4 14h-20l4-14c-8 6-18 2-18-6 0-12 14-18 24-30z"
        fill="#c4b5fd"
      />
    </Art>
  );
}
