import { useParams } from 'react-router-dom';
import { GamePage } from './game-page';
import { LobbyPage } from './lobby-page';

/**
 * Everything the games remote renders. The shell owns the routes (/casino, /games,
 * /game/:gameType); the remote reads the matched params instead of nesting its own <Routes>.
 */
export function GamesApp() {
  const { gameType } = useParams();
  return gameType === undefined ? <LobbyPage /> : <GamePage />;
}
