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

/** The max win printed on each lobby card until the published paytables arrive (spec §2's values). */
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

/** The published paytables' shape as far as the lobby reads it. */
export interface PublishedMaxima {
  dice: { maxMultiplier: number };
  plinko: Record<'low' | 'medium' | 'high', { maxMultiplier: number }>;
  blackjack: { maxWin: { multiplier: number } };
  slots: { maxWinCap: number } | null;
}

/** Each card's max win from GET /api/fairness/paytables: the published maximum of each shipped table. */
export function maxWinsFrom(p: PublishedMaxima | undefined): Record<LobbyId, string> {
  if (!p) return MAX_WINS;
  const x = (n: number) => `${Number(n.toFixed(2))}x`;
  return {
    ...MAX_WINS,
    slots: p.slots ? x(p.slots.maxWinCap) : MAX_WINS.slots,
    plinko: x(Math.max(p.plinko.low.maxMultiplier, p.plinko.medium.maxMultiplier, p.plinko.high.maxMultiplier)),
    blackjack: x(p.blackjack.maxWin.multiplier),
    dice: x(p.dice.maxMultiplier),
  };
}
