import { GameCard } from '@cosmic/web-ui';
import { usePaytablesQuery } from '@cosmic/web-data-access';
import { HC_BET_RANGE, maxWinsFrom } from './games';
import { LobbyBanner } from './lobby-banner';
import { LobbyFairPanel } from './lobby-fair-panel';
import { LOBBY_CARDS } from './lobby-cards';
import './lobby.css';

/** `/casino` and `/games`: welcome banner, the game grid and the Provably Fair panel. */
export function LobbyPage() {
  const { data } = usePaytablesQuery();
  const maxWins = maxWinsFrom(data);
  return (
    <div className="cc-lobby">
      <LobbyBanner />
      <section aria-labelledby="lobby-title">
        <h1 id="lobby-title" className="cc-page-title cc-lobby__title">Choose Your Cosmic Adventure</h1>
        <ul className="cc-lobby-grid">
          {LOBBY_CARDS.map((c) => (
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
      </section>
      <LobbyFairPanel />
    </div>
  );
}
