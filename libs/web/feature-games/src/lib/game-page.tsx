import { Link, useParams } from 'react-router-dom';
import { GAME_TITLES, isGameId } from './games';

/** `/game/:gameType`: one game's screen, or 'Game Not Found'. */
export function GamePage() {
  const { gameType } = useParams();
  if (!isGameId(gameType)) {
    return (
      <section className="cc-fallback" aria-labelledby="gnf-title">
        <h1 id="gnf-title" className="cc-page-title">Game Not Found</h1>
        <Link to="/" className="cc-button">Return to Casino</Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="game-title">
      <Link to="/casino" className="cc-button cc-button--ghost">Back</Link>
      <h1 id="game-title" className="cc-page-title">{GAME_TITLES[gameType]}</h1>
    </section>
  );
}
