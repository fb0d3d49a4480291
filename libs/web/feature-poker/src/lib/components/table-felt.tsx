import type { TableView } from '@cosmic/poker';
import { chips } from '../model/bet-sizing';
import { seatOrder } from '../model/seat-layout';
import { PlayingCard } from './playing-card';
import { Seat } from './seat';

export interface TableFeltProps {
  view: TableView;
  /** Server clock minus this clock, ms (for the turn timer). */
  clockOffset: number;
  /** Now, ms (ticks while a countdown is shown). */
  now: number;
}

/**
 * What the middle of the table says, and for a win the hand that won it: the hand gets a line of its
 * own, so that the longest message ("cosmic_… wins 1,234 (split)", "with Full House, Threes full of
 * Sevens") keeps to two short lines between the lower side seats.
 */
function centerMessage(view: TableView, now: number): { text: string; hand?: string } {
  const h = view.hand;
  const name = (seat: number) =>
    seat === view.you?.seat ? 'You' : (h?.players.find((p) => p.seat === seat)?.name ?? `Seat ${seat + 1}`);
  if (h?.finished && h.result) {
    const wins = h.events.filter((e) => e.type === 'win');
    const first = wins[0];
    if (first && first.type === 'win') {
      const total = wins.reduce((a, e) => a + (e.type === 'win' && e.seat === first.seat ? e.amount : 0), 0);
      const verb = first.seat === view.you?.seat ? 'win' : 'wins';
      const split = new Set(wins.map((e) => (e.type === 'win' ? e.seat : -1))).size > 1 ? ' (split)' : '';
      return {
        text: `${name(first.seat)} ${verb} ${chips(total)}${split}`,
        hand: first.description ? `with ${first.description}` : undefined,
      };
    }
  }
  if (h && !h.finished)
    return { text: h.toAct === view.you?.seat ? 'Your turn' : h.toAct !== null ? `${name(h.toAct)} to act` : '' };
  if (view.nextHandAt) return { text: `Next hand in ${Math.max(0, Math.ceil((view.nextHandAt - now) / 1000))} s` };
  const seated = view.seats.filter(Boolean).length;
  return {
    text: view.table.botsFill
      ? 'Take a seat to start the bots dealing'
      : seated < 2
        ? 'Waiting for a second player'
        : 'Waiting for players',
  };
}

/** The oval table: six seats (yours at the bottom), the board, the pot and what is happening. */
export function TableFelt({ view, clockOffset, now }: TableFeltProps) {
  const h = view.hand;
  const you = view.you?.seat ?? null;
  const live = h && !h.finished ? h : null;
  const message = centerMessage(view, now);
  return (
    <div className="pk-felt-wrap">
      <div className="pk-felt" role="group" aria-label={`${view.table.name} table`}>
        <div className="pk-felt__center">
          <div className="pk-board" role="group" aria-label="Community cards">
            {[0, 1, 2, 3, 4].map((i) =>
              h && h.board[i] !== undefined ? (
                <PlayingCard key={i} card={h.board[i]} size="lg" />
              ) : (
                <span key={i} className="pk-card pk-card--lg pk-card--slot" aria-hidden="true" />
              ),
            )}
          </div>
          <p className="pk-pot" aria-live="polite">
            {h && h.pot > 0 ? (
              <>
                Pot <strong>{chips(h.pot)}</strong>
              </>
            ) : (
              <span className="pk-pot__blinds">
                Blinds {view.table.smallBlind}/{view.table.bigBlind}
              </span>
            )}
          </p>
          <p className="pk-status" role="status">
            {message.text}
            {message.hand && <span className="pk-status__hand"> {message.hand}</span>}
          </p>
        </div>
        {seatOrder(you).map((seat, pos) => {
          const o = view.seats[seat];
          const p = o && h ? (h.players.find((x) => x.id === o.id) ?? null) : null;
          const turn =
            live && view.turn && view.turn.seat === seat && p
              ? { totalMs: view.turn.totalMs, leftMs: view.turn.endsAt - (now + clockOffset) }
              : null;
          return (
            <Seat
              key={seat}
              seat={seat}
              occupant={o}
              player={p}
              isYou={seat === you && !!o}
              isButton={!!h && h.button === seat && !!p}
              acting={!!live && live.toAct === seat && !!p}
              turn={turn}
              won={h?.finished && p ? (h.result?.won[seat] ?? 0) : 0}
              pos={pos}
              botsFill={view.table.botsFill}
            />
          );
        })}
      </div>
    </div>
  );
}
