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
