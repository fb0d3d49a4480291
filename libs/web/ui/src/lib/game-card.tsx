import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { accentClass, type Accent } from './accent';

export interface GameCardProps {
  title: string;
  note: string;
  /** Decorative art (inline SVG or emoji); hidden from screen readers. */
  art: ReactNode;
  maxWin: string;
  betRange: string;
  accent: Accent;
  /** Where the card leads; omit together with `disabled`. */
  href?: string;
  /** A card that cannot be opened yet: no link, a disabled "Coming Soon" button. */
  disabled?: boolean;
  disabledLabel?: string;
}

/** A lobby tile for one game: art, title (the link), note, max win and bet range. */
export function GameCard({
  title,
  note,
  art,
  maxWin,
  betRange,
  accent,
  href,
  disabled,
  disabledLabel = 'Coming Soon',
}: GameCardProps) {
  const open = !disabled && href;
  return (
    <article className={`cc-game-card ${accentClass(accent)}${open ? '' : ' cc-game-card--disabled'}`}>
      <div className="cc-game-card__art" aria-hidden="true">
        {art}
        {!open && <span className="cc-game-card__ribbon">{disabledLabel}</span>}
      </div>
      <div className="cc-game-card__body">
        <h2 className="cc-game-card__title">
          {open ? (
            <Link to={href} className="cc-game-card__link">
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        <p className="cc-game-card__note">{note}</p>
        <dl className="cc-game-card__stats">
          <div>
            <dt>Max win</dt>
            <dd>{maxWin}</dd>
          </div>
          <div>
            <dt>Bet range</dt>
            <dd>{betRange}</dd>
          </div>
        </dl>
        {open ? (
          <span className="cc-game-card__cta" aria-hidden="true">
            Play now <span className="cc-game-card__arrow">→</span>
          </span>
        ) : (
          <button type="button" className="cc-button cc-button--sm cc-game-card__soon" disabled>
            {disabledLabel}
          </button>
        )}
      </div>
    </article>
  );
}
