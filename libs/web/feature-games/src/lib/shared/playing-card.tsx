import type { GameCard } from '@cosmic/web-data-access';

const RED = new Set(['♥', '♦']);

/** A playing card drawn in CSS: rank and suit in the corners, the suit in the middle; or its back. */
export function PlayingCard({ card, hidden, size = 'md' }: { card?: GameCard; hidden?: boolean; size?: 'md' | 'lg' }) {
  if (hidden || !card) {
    return <div className={`cc-pcard cc-pcard--back cc-pcard--${size}`} role="img" aria-label="Hidden card" />;
  }
  const red = RED.has(card.suit);
  return (
    <div className={`cc-pcard cc-pcard--${size}${red ? ' cc-pcard--red' : ''}`} role="img" aria-label={card.label}>
      <span className="cc-pcard__corner" aria-hidden="true">
        {card.rank}
        <br />
        {card.suit}
      </span>
      <span className="cc-pcard__pip" aria-hidden="true">
        {card.suit}
      </span>
      <span className="cc-pcard__corner cc-pcard__corner--end" aria-hidden="true">
        {card.rank}
        <br />
        {card.suit}
      </span>
    </div>
  );
}
