import { GameCard, PageTitle } from '@cosmic/web-ui';
import { usePaytablesQuery } from '@cosmic/web-data-access';
import { HC_BET_RANGE, maxWinsFrom, type PublishedMaxima } from './games';
import { LobbyBanner } from './lobby-banner';
import { LobbyFairPanel } from './lobby-fair-panel';
import { LiveBets } from './live-bets/live-bets';
import { type LobbyCard, LOBBY_CARDS } from './lobby-cards';
import './lobby.css';

/** The house games, then the multiplayer poker table in a group of its own (the banner counts 5 games). */
const HOUSE_CARDS = LOBBY_CARDS.filter((c) => c.id !== 'poker');
const MULTIPLAYER_CARDS = LOBBY_CARDS.filter((c) => c.id === 'poker');

function CardGrid({
  id,
  label,
  cards,
  maxWins,
}: {
  id: string;
  label: string;
  cards: readonly LobbyCard[];
  maxWins: Record<string, string>;
}) {
  return (
    <>
      <p className="cc-lobby__group" id={id}>
        {label}
      </p>
      <ul className="cc-lobby-grid" aria-labelledby={id}>
        {cards.map((c) => (
          <li key={c.id}>
            <GameCard
              title={c.title}
              note={c.note}
              art={c.art}
              accent={c.accent}
              maxWin={maxWins[c.id]}
              betRange={c.betRange ?? HC_BET_RANGE}
              href={c.comingSoon ? undefined : (c.href ?? `/game/${c.id}`)}
              disabled={c.comingSoon}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The `selectFromResult` of the paytables for the cards: their max wins. While the tables load this
 * is the same MAX_WINS object each time, so the query's start renders nothing (shared/open-round.ts
 * says why that matters); the answer renders the lobby once.
 */
const lobbyMaxWins = ({ data }: { data?: PublishedMaxima }) => ({ maxWins: maxWinsFrom(data) });

/** `/casino` and `/games`: welcome banner, the five house games, the poker table and the Provably Fair panel. */
export function LobbyPage() {
  const { maxWins } = usePaytablesQuery(undefined, { selectFromResult: lobbyMaxWins });
  return (
    <div className="cc-lobby">
      <PageTitle name="Games Lobby" />
      <LobbyBanner />
      <section aria-labelledby="lobby-title">
        <h1 id="lobby-title" className="cc-page-title cc-lobby__title">
          Choose Your Cosmic Adventure
        </h1>
        <CardGrid id="lobby-house" label={`${HOUSE_CARDS.length} house games`} cards={HOUSE_CARDS} maxWins={maxWins} />
        <CardGrid id="lobby-multiplayer" label="Multiplayer" cards={MULTIPLAYER_CARDS} maxWins={maxWins} />
      </section>
      <LiveBets />
      <LobbyFairPanel />
    </div>
  );
}
