import { Link } from 'react-router-dom';
import { GAME_IDS, GAME_TITLES } from './games';

/** `/casino` and `/games`: the lobby. */
export function LobbyPage() {
  return (
    <section aria-labelledby="lobby-title">
      <h1 id="lobby-title" className="cc-page-title">Choose Your Cosmic Adventure</h1>
      <ul className="cc-lobby-grid">
        {GAME_IDS.map((id) => (
          <li key={id}>
            <Link to={`/game/${id}`}>{GAME_TITLES[id]}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
