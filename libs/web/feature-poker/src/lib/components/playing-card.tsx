import { cardFace, cardName } from '../model/cards';

export interface PlayingCardProps {
  /** A deck index, or null for a face-down card. */
  card: number | null;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** Part of the winning five, or otherwise worth a glow. */
  highlight?: boolean;
}

/** A playing card: rank and suit in the corners and the middle, or the cosmic back. */
export function PlayingCard({ card, size = 'md', highlight }: PlayingCardProps) {
  if (card === null)
    return <span className={`pk-card pk-card--${size} pk-card--back`} role="img" aria-label="face-down card" />;
  const f = cardFace(card);
  if (size === 'xs') {
    return (
      <span className={`pk-card pk-card--xs${f.red ? ' pk-card--red' : ''}`} role="img" aria-label={cardName(card)}>
        <span aria-hidden="true">
          {f.rank}
          {f.suit}
        </span>
      </span>
    );
  }
  return (
    <span
      className={`pk-card pk-card--${size}${f.red ? ' pk-card--red' : ''}${highlight ? ' pk-card--glow' : ''}`}
      role="img"
      aria-label={cardName(card)}
    >
      <span className="pk-card__corner" aria-hidden="true">
        {f.rank}
        <br />
        {f.suit}
      </span>
      <span className="pk-card__pip" aria-hidden="true">
        {f.suit}
      </span>
    </span>
  );
}
