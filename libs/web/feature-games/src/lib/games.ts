import { formatAmount } from '@cosmic/algorand';
import { HC_MAX_BET, HC_MIN_BET, HOUSE_GAMES, type HouseGame } from '@cosmic/contracts';

/** The five house games and their routes (the list the API's page routing reads too). */
export const GAME_IDS = HOUSE_GAMES;
export type GameId = HouseGame;

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
 * The max win printed on each lobby card until the published paytables arrive (the shipped tables'
 * best, libs/game-engine; written here so the lobby's chunk does not carry the paytables).
 */
export const MAX_WINS: Record<LobbyId, string> = {
  slots: '30x+',
  plinko: '60x',
  blackjack: '4x',
  hilo: 'unlimited',
  dice: '4x',
  poker: 'unlimited',
};

/** The House Coins bet range's figures, the API's limits (libs/contracts bet-limits.ts), as the spec writes them: "1 - 1000". */
export const HC_BET_FIGURES = `${formatAmount(HC_MIN_BET)} - ${formatAmount(HC_MAX_BET)}`;
/** Every card shows the House Coins bet range: the spec's "1 - 1000 HC". */
export const HC_BET_RANGE = `${HC_BET_FIGURES} HC`;

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
