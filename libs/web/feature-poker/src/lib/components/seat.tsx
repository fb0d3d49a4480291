import type { PublicHandPlayer, SeatView } from '@cosmic/poker';
import { chips } from '../model/bet-sizing';
import { PlayingCard } from './playing-card';
import { TimerRing } from './timer-ring';

export interface SeatProps {
  seat: number;
  occupant: SeatView | null;
  /** The occupant's part in the hand on the table (null: not dealt in). */
  player: PublicHandPlayer | null;
  isYou: boolean;
  isButton: boolean;
  /** It is their turn. */
  acting: boolean;
  /** A human's turn timer: time left and total. */
  turn: { leftMs: number; totalMs: number } | null;
  /** Chips won in the finished hand. */
  won: number;
  /** Position around the table, 0 = bottom (the viewer), then clockwise; the stylesheet places it. */
  pos: number;
  botsFill: boolean;
}

/** Two letters for a human's avatar: "cosmic_k3fq7zab" → "AB". */
function initials(name: string): string {
  return name
    .replace(/^cosmic_/, '')
    .slice(-2)
    .toUpperCase();
}

function BotIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="pk-bot-icon">
      <path d="M12 2v3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="2.5" r="1.5" fill="currentColor" />
      <rect x="4" y="6" width="16" height="13" rx="4" fill="currentColor" />
      <circle cx="9" cy="12" r="2" fill="#0b0a22" />
      <circle cx="15" cy="12" r="2" fill="#0b0a22" />
      <path d="M9 16h6" stroke="#0b0a22" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function status(o: SeatView, p: PublicHandPlayer | null): string | null {
  if (p?.folded) return 'Folded';
  if (p?.allIn) return 'All-in';
  if (o.sittingOut) return 'Sitting out';
  if (o.waiting) return 'Next hand';
  return null;
}

/** One seat around the table: name, chips, cards, bet, dealer button and turn timer. */
export function Seat({ seat, occupant: o, player: p, isYou, isButton, acting, turn, won, pos, botsFill }: SeatProps) {
  if (!o) {
    return (
      <div className={`pk-seat pk-seat--empty pk-seat--pos${pos}`} aria-label={`Seat ${seat + 1}: empty`}>
        <span className="pk-seat__open">{botsFill ? 'Open seat' : 'Empty'}</span>
      </div>
    );
  }
  const label = status(o, p);
  const cards = p ? (p.cards ?? [null, null]) : [];
  const classes = [
    'pk-seat',
    `pk-seat--pos${pos}`,
    isYou && 'pk-seat--you',
    acting && 'pk-seat--turn',
    p?.folded && 'pk-seat--folded',
    won > 0 && 'pk-seat--winner',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      aria-label={`Seat ${seat + 1}: ${isYou ? 'you' : o.name}${o.kind === 'bot' ? ' (bot)' : ''}, ${chips(o.stack)} chips${acting ? ', to act' : ''}${label ? `, ${label.toLowerCase()}` : ''}`}
    >
      {cards.length > 0 && (
        <div className={`pk-seat__cards${p?.folded ? ' pk-seat__cards--mucked' : ''}`}>
          {cards.map((c, i) => (
            <PlayingCard key={i} card={c} size={isYou ? 'md' : 'sm'} highlight={won > 0 && c !== null} />
          ))}
        </div>
      )}
      <div className="pk-seat__plate">
        <span className="pk-seat__avatar" aria-hidden="true">
          {turn && <TimerRing totalMs={turn.totalMs} leftMs={turn.leftMs} />}
          {o.kind === 'bot' ? <BotIcon /> : initials(o.name)}
        </span>
        <span className="pk-seat__who">
          <span className="pk-seat__name" title={o.name}>
            {isYou ? 'You' : o.name}
          </span>
          <span className="pk-seat__stack">{chips(o.stack)}</span>
        </span>
        {isButton && (
          <span className="pk-dealer" title="Dealer button">
            D
          </span>
        )}
      </div>
      {won > 0 ? (
        <span className="pk-seat__tag pk-seat__tag--win">+{chips(won)}</span>
      ) : (
        label && <span className="pk-seat__tag">{label}</span>
      )}
      {p && p.bet > 0 && <span className="pk-seat__bet">{chips(p.bet)}</span>}
    </div>
  );
}
