import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLiveBetsQuery, type LiveBet, type LiveTab } from '@cosmic/web-data-access';
import { GAME_TITLES, isGameId } from '../games';
import { clockText } from '../shared/clock-text';
import { liveBetVerifyHref } from './live-bet-verify';
import './live-bets.css';

// the dialog (and the game engine that verifies a bet) is fetched when a player opens a bet
const BetDetailsModal = lazy(() => import(/* webpackChunkName: "bet-details" */ '../bet-details/bet-details-modal'));

const TABS: ReadonlyArray<{ id: LiveTab; label: string; empty: string }> = [
  { id: 'all', label: 'All bets', empty: 'No bets yet: be the first.' },
  { id: 'high', label: 'High rollers', empty: 'No high rollers yet (100 HC or 1 AMINA and up).' },
  { id: 'mine', label: 'My bets', empty: 'Your bets will show here.' },
];

function Row({ bet, onOpen }: { bet: LiveBet; onOpen(id: string): void }) {
  const href = liveBetVerifyHref(bet);
  const won = Number(bet.payout) > Number(bet.amount);
  const title = isGameId(bet.game) ? GAME_TITLES[bet.game] : bet.game;
  return (
    // the whole row opens the bet for a pointer; the game's button is the keyboard's (and the screen reader's) way in
    <tr
      role="row"
      data-testid="live-bet"
      data-bet-id={bet.id}
      className="cc-live__row"
      onClick={(e) => !(e.target as HTMLElement).closest('a, button') && onOpen(bet.id)}
    >
      <td role="cell" className="cc-cards-table__top cc-cards-table__grow">
        <button
          type="button"
          className="cc-live__open"
          aria-label={`${title} bet #${bet.id}: details`}
          onClick={() => onOpen(bet.id)}
        >
          {title}
        </button>
      </td>
      <td role="cell" className="cc-live__player">
        {bet.username}
      </td>
      <td role="cell">
        <time dateTime={bet.time}>{clockText(bet.time, true)}</time>
      </td>
      <td role="cell" className="cc-live__num" data-label="Bet">
        {bet.amount} {bet.currency}
      </td>
      <td role="cell" className="cc-live__num cc-cards-table__top">
        {bet.multiplier}×
      </td>
      <td role="cell" className={`cc-live__num cc-cards-table__top ${won ? 'cc-live__win' : ''}`.trim()}>
        {bet.payout} {bet.currency}
      </td>
      <td role="cell" className="cc-cards-table__end">
        {href ? (
          <Link to={href} aria-label={`Verify bet ${bet.id}`}>
            Verify
          </Link>
        ) : (
          <span className="cc-live__sealed" title="The server seed is revealed when the player rotates it">
            sealed
          </span>
        )}
      </td>
    </tr>
  );
}

/** The live feed of committed bets (All, High rollers, My bets), kept live over server-sent events; on the lobby and every game page. A row opens the bet's details. */
export function LiveBets() {
  const [tab, setTab] = useState<LiveTab>('all');
  const [opened, setOpened] = useState<string | null>(null);
  const { data: rows = [], isLoading, isError } = useLiveBetsQuery(tab);
  // a fixed id (one feed a page), as the bet panel's (libs/web/ui/src/lib/bet-panel/bet-panel.tsx)
  const id = 'live-bets';
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  return (
    <section className="cc-live cc-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cc-live__title">
        Live bets
      </h2>
      <div className="cc-live__tabs" role="tablist" aria-label="Live bets">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={t.id === tab}
            aria-controls={`${id}-panel`}
            tabIndex={t.id === tab ? 0 : -1}
            className="cc-live__tab"
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = TABS[(TABS.findIndex((x) => x.id === tab) + step + TABS.length) % TABS.length];
              setTab(next.id);
              document.getElementById(`${id}-tab-${next.id}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {/* focusable (the APG tabs pattern): a keyboard reaches the panel even with no rows, and between 560 px and the
          table's width it scrolls sideways; below 560 px each bet is a card (the UI kit's cc-cards-table) */}
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        className="cc-live__panel"
        tabIndex={0}
      >
        <table className="cc-live__table cc-cards-table" role="table">
          <caption className="cc-live__caption">
            {current.label}: the latest {rows.length} bets, newest first
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Game
              </th>
              <th scope="col" role="columnheader">
                Player
              </th>
              <th scope="col" role="columnheader">
                Time
              </th>
              <th scope="col" role="columnheader" className="cc-live__num">
                Bet
              </th>
              <th scope="col" role="columnheader" className="cc-live__num">
                Multiplier
              </th>
              <th scope="col" role="columnheader" className="cc-live__num">
                Payout
              </th>
              <th scope="col" role="columnheader">
                Fairness
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((b) => (
              <Row key={b.id} bet={b} onOpen={setOpened} />
            ))}
          </tbody>
        </table>
        {!isLoading && rows.length === 0 && (
          <p className="cc-live__empty">{isError ? 'The live feed is unavailable right now.' : current.empty}</p>
        )}
      </div>
      {opened && (
        <Suspense fallback={null}>
          <BetDetailsModal betId={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </section>
  );
}
