import type { HandSummary, PublicHand } from '@cosmic/poker';
import { chips } from '../model/bet-sizing';
import { describeEvent } from '../model/describe';
import { PlayingCard } from './playing-card';

export interface HandHistoryProps {
  hands: HandSummary[];
  /** The hand in play, whose story so far is shown on top. */
  live: PublicHand | null;
  /** SHA-256 of the next hand's server seed, published before its deal. */
  nextSeedHash: string;
  /** Your seat, to say "You" in the story. */
  you: number | null;
}

function headline(h: HandSummary, you: number | null): string {
  const w = h.winners[0];
  if (!w) return 'No winner';
  const who = w.seat === you ? 'You' : w.name;
  const more = h.winners.length > 1 ? ` (split ${h.winners.length} ways)` : '';
  return `${who} won ${chips(w.amount)}${w.description ? ` · ${w.description}` : ''}${more}`;
}

/** The last hands at this table, newest first: result, board, the full story and the revealed seeds. */
export function HandHistory({ hands, live, nextSeedHash, you }: HandHistoryProps) {
  const liveName = (seat: number) =>
    seat === you ? 'You' : (live?.players.find((p) => p.seat === seat)?.name ?? `Seat ${seat + 1}`);
  return (
    <section className="pk-history cc-card" aria-labelledby="pk-history-title">
      <h2 id="pk-history-title" className="pk-panel-title">
        Hand history
      </h2>
      {live && !live.finished && (
        <div className="pk-history__live">
          <h3 className="pk-history__sub">Hand #{live.handNo} so far</h3>
          <ul className="pk-history__events" aria-live="polite">
            {live.events.slice(-6).map((e, i) => (
              <li key={`${live.handNo}:${live.events.length - 6 + i}`}>{describeEvent(e, liveName)}</li>
            ))}
          </ul>
        </div>
      )}
      {hands.length === 0 && (
        <p className="cc-muted">Finished hands appear here, with their seeds to verify the deal.</p>
      )}
      <ol className="pk-history__list">
        {hands.map((h) => {
          const name = (seat: number) =>
            seat === you ? 'You' : (h.players.find((p) => p.seat === seat)?.name ?? `Seat ${seat + 1}`);
          return (
            <li key={h.handNo} className="pk-history__hand">
              <details>
                <summary>
                  <span className="pk-history__no">#{h.handNo}</span>
                  <span className="pk-history__headline">{headline(h, you)}</span>
                  <span className="pk-history__board" aria-label="Board">
                    {h.board.map((c) => (
                      <PlayingCard key={c} card={c} size="xs" />
                    ))}
                  </span>
                </summary>
                <ul className="pk-history__events">
                  {h.events.map((e, i) => (
                    <li key={i}>{describeEvent(e, name)}</li>
                  ))}
                </ul>
                <dl className="pk-fair">
                  <dt>Server seed</dt>
                  <dd className="cc-mono">{h.fairness.serverSeed}</dd>
                  <dt>Its SHA-256 (shown before the deal)</dt>
                  <dd className="cc-mono">{h.fairness.serverSeedHash}</dd>
                  <dt>Client seed (players’ seeds, by seat)</dt>
                  <dd className="cc-mono">{h.fairness.clientSeed}</dd>
                  <dt>Nonce</dt>
                  <dd className="cc-mono">{h.fairness.nonce}</dd>
                </dl>
              </details>
            </li>
          );
        })}
      </ol>
      <p className="pk-history__next">
        Next hand’s seed hash <span className="cc-mono">{nextSeedHash.slice(0, 16)}…</span>
      </p>
    </section>
  );
}
