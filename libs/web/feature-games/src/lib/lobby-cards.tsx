import type { ReactNode } from 'react';
import type { Accent } from '@cosmic/web-ui';
import { GAME_TITLES, type LobbyId } from './games';
import { BlackjackArt, DiceArt, HiLoArt, PlinkoArt, PokerArt, SlotsArt } from './lobby-art';

/** What a lobby card shows besides the shared max-win map and bet range. */
export interface LobbyCard {
  id: LobbyId;
  title: string;
  note: string;
  accent: Accent;
  art: ReactNode;
  /** Not playable yet: shown as Coming Soon, disabled. */
  comingSoon?: boolean;
  /** Where the card leads when it is not /game/{id}. */
  href?: string;
  /** Shown instead of the HC bet range. */
  betRange?: string;
}

/** The lobby's six cards (five games and the poker table), in lobby order. */
export const LOBBY_CARDS: readonly LobbyCard[] = [
  {
    id: 'slots',
    title: GAME_TITLES.slots,
    note: 'Cluster pays with cascading wins on a 5x5 grid.',
    accent: 'gold',
    art: <SlotsArt />,
  },
  {
    id: 'plinko',
    title: GAME_TITLES.plinko,
    note: 'Drop the ball through 12 rows of pegs. Pick low, medium or high risk.',
    accent: 'cyan',
    art: <PlinkoArt />,
  },
  {
    id: 'blackjack',
    title: GAME_TITLES.blackjack,
    note: 'Beat the dealer to 21. Hit, stand, double or split.',
    accent: 'emerald',
    art: <BlackjackArt />,
  },
  {
    id: 'hilo',
    title: GAME_TITLES.hilo,
    note: 'Higher or lower? Build a streak and cash out when you like.',
    accent: 'violet',
    art: <HiLoArt />,
  },
  {
    id: 'dice',
    title: GAME_TITLES.dice,
    note: 'Dual dice: bet on low, seven or high.',
    accent: 'pink',
    art: <DiceArt />,
  },
  // real multiplayer works (several humans at one table over WebSocket), so the card is open
  {
    id: 'poker',
    title: 'Cosmic Poker',
    note: "6-seat multiplayer Texas Hold'em: play other players, bots fill the empty seats.",
    accent: 'gold',
    art: <PokerArt />,
    href: '/poker',
    betRange: 'Buy-in 2 - 100 HC',
  },
];
