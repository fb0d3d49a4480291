import type { TableSummary } from '@cosmic/poker';
import { Badge, Button, Card } from '@cosmic/web-ui';

export interface TableLobbyProps {
  tables: TableSummary[];
  /** False for a watch-only wallet: no seat is offered (the server would refuse the buy-in). */
  canSit?: boolean;
  onSit(table: TableSummary): void;
  onWatch(table: TableSummary): void;
}

/** The tables to choose from: blinds, buy-in range, who sits there, and a seat to take. */
export function TableLobby({ tables, canSit = true, onSit, onWatch }: TableLobbyProps) {
  return (
    <div className="pk-lobby">
      {tables.map((t) => {
        const open = t.seats - t.humans - t.bots;
        const full = t.humans >= t.seats;
        return (
          <Card key={t.id} className="pk-lobby__table">
            <div className="pk-lobby__head">
              <h2 className="pk-lobby__name">{t.name}</h2>
              <Badge tone={t.botsFill ? 'cyan' : 'gold'}>{t.botsFill ? 'Bots fill seats' : 'Humans only'}</Badge>
            </div>
            <dl className="pk-lobby__facts">
              <div>
                <dt>Blinds</dt>
                <dd>
                  {t.smallBlind}/{t.bigBlind} chips
                </dd>
              </div>
              <div>
                <dt>Buy-in</dt>
                <dd>
                  {t.minBuyIn}–{t.maxBuyIn} HC
                </dd>
              </div>
              <div>
                <dt>Players</dt>
                <dd>
                  {t.humans} {t.humans === 1 ? 'human' : 'humans'}
                  {t.bots ? (
                    <>
                      {/* the space outside the unbreakable part: the line may break before the bots */}{' '}
                      <span className="pk-lobby__bots">
                        · {t.bots} {t.bots === 1 ? 'bot' : 'bots'}
                      </span>
                    </>
                  ) : null}
                </dd>
              </div>
            </dl>
            <div
              className="pk-lobby__seats"
              role="img"
              aria-label={`${t.humans} humans, ${t.bots} bots, ${open} open of ${t.seats} seats`}
            >
              {Array.from({ length: t.seats }, (_, i) => (
                <span
                  key={i}
                  className={`pk-lobby__dot ${i < t.humans ? 'is-human' : i < t.humans + t.bots ? 'is-bot' : ''}`}
                />
              ))}
            </div>
            <div className="pk-lobby__actions">
              {canSit ? (
                <Button
                  variant="primary"
                  disabled={full}
                  onClick={() => onSit(t)}
                  aria-label={`Take a seat at ${t.name}`}
                >
                  {full ? 'Table full' : 'Take a seat'}
                </Button>
              ) : (
                <Button variant="primary" disabled aria-label={`Sign in to take a seat at ${t.name}`}>
                  Sign in to play
                </Button>
              )}
              <Button variant="ghost" onClick={() => onWatch(t)} aria-label={`Watch ${t.name}`}>
                Watch
              </Button>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
