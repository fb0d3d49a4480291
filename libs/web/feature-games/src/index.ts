/** The games remote's root: lobby and game screens. */
export { GamesApp } from './lib/games-app';
/** Game ids, titles and a guard. */
export { GAME_IDS, GAME_TITLES, isGameId, type GameId } from './lib/games';
