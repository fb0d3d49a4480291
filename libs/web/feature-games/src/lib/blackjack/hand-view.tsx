import type { GameCard } from '@cosmic/web-data-access';
import { PlayingCard } from '../shared/playing-card';

/** One hand: its cards fanned out, a label and its total. */
export function HandView({
  label,
  cards,
  total,
  hiddenCards = 0,
  active,
  note,
  testId,
}: {
  label: string;
  cards: GameCard[];
  total: string;
  hiddenCards?: number;
  active?: boolean;
  note?: string;
  testId?: string;
}) {
  return (
    <section
      className={`cc-bj__hand${active ? ' is-active' : ''}`}
      aria-label={label}
      aria-current={active ? 'true' : undefined}
    >
      <h2 className="cc-bj__hand-title">
        {label}{' '}
        <span className="cc-bj__total" data-testid={testId}>
          {total}
        </span>
        {note && <span className="cc-bj__note">{note}</span>}
      </h2>
      <div className="cc-bj__cards">
        {cards.map((c, i) => (
          <PlayingCard key={`${i}-${c.label}`} card={c} />
        ))}
        {Array.from({ length: hiddenCards }, (_, i) => (
          <PlayingCard key={`hidden-${i}`} hidden />
        ))}
      </div>
    </section>
  );
}
