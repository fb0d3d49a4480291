/** The five house games and their routes. */
export const GAME_IDS = ['slots', 'plinko', 'blackjack', 'hilo', 'dice'] as const;
export type GameId = (typeof GAME_IDS)[number];

export const GAME_TITLES: Record<GameId, string> = {
  slots: 'Cosmic Chaos Slots',
  plinko: 'Quantum Plinko',
  blackjack: 'Galaxy Blackjack',
  hilo: 'Cosmic Hi-Lo',
  dice: 'Nebula Dice',
};

export function isGameId(id: string | undefined): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id ?? '');
}

/** Every card in the lobby: the five games and the poker table that is not open yet. */
export const LOBBY_IDS = [...GAME_IDS, 'poker'] as const;
export type LobbyId = (typeof LOBBY_IDS)[number];

/**
 * The max win printed on each lobby card. Spec §2's values for now; this one map is what
 * changes when the cards read GET /api/fairness/paytables instead.
 */
export const MAX_WINS: Record<LobbyId, string> = {
  slots: '30x+',
  plinko: '60x',
  blackjack: '4x',
  hilo: 'unlimited',
  dice: '4x',
  poker: 'unlimited',
};

/** Spec §2 and §9: every card shows the House Coin bet range. */
export const HC_BET_RANGE = '1 - 1000 HC';
