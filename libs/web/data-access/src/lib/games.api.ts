import { api } from './api';
import { moneyPost } from './idempotency';

// The five games' calls (DESIGN §6: the server decides every outcome). Amounts are decimal strings.

/** A bet's currency. */
export type GameCurrency = 'HC' | 'AMINA';
/** What every settled game answer carries for the verifier. */
export interface GameFairness {
  betId: string | null;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  currency: GameCurrency;
}
/** A new bet: wallet, currency and the amount as a decimal string. */
export interface GameBetArgs {
  walletAddress: string;
  currency: GameCurrency;
  betAmount: string;
}
/** A call that only names the wallet. */
export interface WalletArgs {
  walletAddress: string;
}

/** Dice bet types. */
export type DiceBetType = 'low' | 'seven' | 'high';
export interface DiceResult extends GameFairness {
  /** The bet this roll settled (the verifier needs it). */
  betType: DiceBetType;
  dice1: number;
  dice2: number;
  total: number;
  isWin: boolean;
  winAmount: string;
  multiplier: number;
  betAmount: string;
  balance: string;
}

/** Plinko risk levels. */
export type PlinkoRisk = 'low' | 'medium' | 'high';
export interface PlinkoResult extends GameFairness {
  /** One step per peg row: 0 left, 1 right. */
  path: number[];
  slotIndex: number;
  multiplier: number;
  isWin: boolean;
  winAmount: string;
  balance: string;
}

/** A card as the server sends it. */
export interface GameCard {
  rank: string;
  suit: string;
  label: string;
}

export interface HiloSide {
  allowed: boolean;
  probability: number;
  nextMultiplier: number;
}
export interface HiloState extends GameFairness {
  status: string;
  card: GameCard;
  cards: GameCard[];
  streak: number;
  multiplier: number;
  currentPayout: string;
  betAmount: string;
  next: { higher: HiloSide; lower: HiloSide } | null;
  won?: boolean;
  gameOver?: boolean;
  message?: string;
  winAmount?: string;
  balance?: string;
}
export type HiloCurrent = ({ active: true } & HiloState) | { active: false };

/** Blackjack actions. */
export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split';
/** Blackjack results. */
export type BlackjackResult = 'blackjack' | 'win' | 'lose' | 'push' | 'bust';
export interface BlackjackHand {
  cards: GameCard[];
  total: number;
  soft: boolean;
  doubled: boolean;
  done: boolean;
  result: BlackjackResult | null;
}
export interface BlackjackState extends GameFairness {
  status: string;
  gameOver: boolean;
  playerCards: GameCard[];
  playerTotal: number;
  playerSoft: boolean;
  dealerCards: GameCard[];
  dealerHidden: boolean;
  dealerTotal: number;
  hands: BlackjackHand[];
  activeHand: number;
  legalActions: BlackjackAction[];
  result: BlackjackResult | null;
  winAmount: string;
  betAmount: string;
  newCard?: GameCard;
  balance?: string;
}
export type BlackjackCurrent = ({ active: true } & BlackjackState) | { active: false };

export interface SlotsCluster {
  symbol: string;
  size: number;
  positions: { row: number; col: number }[];
  multiplier: number;
}
export interface SlotsCascade {
  grid: string[];
  clusters: SlotsCluster[];
  multiplier: number;
}
export interface SlotsSpin extends GameFairness {
  grid: string[];
  initialGrid: string[];
  cascades: SlotsCascade[];
  winAmount: string;
  isWin: boolean;
  multiplier: number;
  bonusTriggered: boolean;
  bonusSpinsAwarded: number;
  freeSpinsLeft: number;
  isFreeSpin: boolean;
  /** On a free spin: the bonus round's total win so far (the whole round's once freeSpinsLeft is 0). */
  bonusTotalWin?: string;
  betAmount: string;
  balance: string;
}
export interface SlotsBonus {
  freeSpinsLeft: number;
  cost: string;
  betAmount: string;
  currency: GameCurrency;
  balance: string;
}
export interface SlotsState {
  freeSpinsLeft: number;
  /** The held bonus round's win so far. */
  totalWin?: string;
  betAmount?: string;
  currency?: GameCurrency;
}

// every game call moves money or a round: each click sends its own Idempotency-Key
const post = <T>(url: string) => (body: T) => moneyPost(`games/${url}`, body);
const settles = ['User', 'Balance'] as const;

const gamesApi = api.injectEndpoints({
  endpoints: (b) => ({
    rollDice: b.mutation<DiceResult, GameBetArgs & { betType: DiceBetType }>({ query: post('dice'), invalidatesTags: [...settles] }),
    dropPlinko: b.mutation<PlinkoResult, GameBetArgs & { risk: PlinkoRisk }>({ query: post('plinko/deduct'), invalidatesTags: [...settles] }),
    hiloStart: b.mutation<HiloState, Omit<GameBetArgs, 'betAmount'> & { bet: string }>({ query: post('hilo/start'), invalidatesTags: [...settles] }),
    hiloGuess: b.mutation<HiloState, WalletArgs & { direction: 'higher' | 'lower' }>({ query: post('hilo/guess'), invalidatesTags: [...settles] }),
    hiloCashout: b.mutation<HiloState, WalletArgs>({ query: post('hilo/cashout'), invalidatesTags: [...settles] }),
    hiloCurrent: b.query<HiloCurrent, string>({ query: (walletAddress) => `games/hilo/current?walletAddress=${encodeURIComponent(walletAddress)}`, keepUnusedDataFor: 0 }),
    blackjackDeal: b.mutation<BlackjackState, GameBetArgs>({ query: post('blackjack/deal'), invalidatesTags: [...settles] }),
    blackjackAct: b.mutation<BlackjackState, WalletArgs & { action: BlackjackAction }>({
      query: ({ action, walletAddress }) => moneyPost(`games/blackjack/${action}`, { walletAddress }),
      invalidatesTags: [...settles],
    }),
    blackjackCurrent: b.query<BlackjackCurrent, string>({ query: (walletAddress) => `games/blackjack/current?walletAddress=${encodeURIComponent(walletAddress)}`, keepUnusedDataFor: 0 }),
    slotsSpin: b.mutation<SlotsSpin, Partial<GameBetArgs> & WalletArgs & { isFreeSpins: boolean }>({ query: post('slots'), invalidatesTags: [...settles] }),
    slotsBuyBonus: b.mutation<SlotsBonus, GameBetArgs>({ query: post('slots/buy-bonus'), invalidatesTags: [...settles] }),
    slotsState: b.query<SlotsState, string>({ query: (walletAddress) => `games/slots/state?walletAddress=${encodeURIComponent(walletAddress)}`, keepUnusedDataFor: 0 }),
  }),
});

/** Mutation: POST /api/games/dice → the roll, win and balance. */
export const useRollDiceMutation = gamesApi.useRollDiceMutation;
/** Mutation: POST /api/games/plinko/deduct → the server's path, slot, win and balance. */
export const useDropPlinkoMutation = gamesApi.useDropPlinkoMutation;
/** Mutation: POST /api/games/hilo/start → first card and the odds of each guess. */
export const useHiloStartMutation = gamesApi.useHiloStartMutation;
/** Mutation: POST /api/games/hilo/guess → next card, streak, or game over. */
export const useHiloGuessMutation = gamesApi.useHiloGuessMutation;
/** Mutation: POST /api/games/hilo/cashout → win and balance. */
export const useHiloCashoutMutation = gamesApi.useHiloCashoutMutation;
/** Query: GET /api/games/hilo/current → the open run, if any. */
export const useHiloCurrentQuery = gamesApi.useHiloCurrentQuery;
/** Mutation: POST /api/games/blackjack/deal → the new hand. */
export const useBlackjackDealMutation = gamesApi.useBlackjackDealMutation;
/** Mutation: POST /api/games/blackjack/{hit|stand|double|split} → the hand after the action. */
export const useBlackjackActMutation = gamesApi.useBlackjackActMutation;
/** Query: GET /api/games/blackjack/current → the open hand, if any. */
export const useBlackjackCurrentQuery = gamesApi.useBlackjackCurrentQuery;
/** Mutation: POST /api/games/slots → one spin with its cascades. */
export const useSlotsSpinMutation = gamesApi.useSlotsSpinMutation;
/** Mutation: POST /api/games/slots/buy-bonus → 10 free spins. */
export const useSlotsBuyBonusMutation = gamesApi.useSlotsBuyBonusMutation;
/** Query: GET /api/games/slots/state → free spins held by the server. */
export const useSlotsStateQuery = gamesApi.useSlotsStateQuery;
