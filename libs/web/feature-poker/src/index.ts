/** `/poker`: the Cosmic Poker page as a lazily loaded chunk (lobby, live table over WebSocket, history). */
export { LazyPokerPage } from './lib/lazy-poker-page';
