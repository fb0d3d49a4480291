import { api } from './api';
import { moneyPost } from './idempotency';
import type {
  BlackjackAction,
  BlackjackCurrent,
  BlackjackState,
  DiceArgs,
  DiceResult,
  GameBetArgs,
  HiloCurrent,
  HiloGuessArgs,
  HiloStartArgs,
  HiloState,
  PlinkoArgs,
  PlinkoResult,
  SlotsArgs,
  SlotsBonus,
  SlotsSpin,
  SlotsState,
  WalletArgs,
} from '@cosmic/contracts';

// The five games' calls (the server decides every outcome; the client only shows it). Amounts are decimal strings.
// Every request and answer type is the server's own, from the schemas in @cosmic/contracts.

export type {
  BlackjackAction,
  BlackjackCurrent,
  BlackjackHand,
  BlackjackResult,
  BlackjackState,
  DiceBetType,
  DiceResult,
  GameBetArgs,
  GameCard,
  GameCurrency,
  GameFairness,
  HiloCurrent,
  HiloSide,
  HiloState,
  PlinkoResult,
  PlinkoRisk,
  SlotsBonus,
  SlotsCascade,
  SlotsCluster,
  SlotsSpin,
  SlotsState,
  WalletArgs,
} from '@cosmic/contracts';

// every game call moves money or a round: each click sends its own Idempotency-Key
const post =
  <T>(url: string) =>
  (body: T) =>
    moneyPost(`games/${url}`, body);
// a bet's stake or settlement changes the balance and the bet history
const settles = ['User', 'Balance', 'Bets'] as const;

const gamesApi = api.injectEndpoints({
  endpoints: (b) => ({
    rollDice: b.mutation<DiceResult, DiceArgs>({ query: post('dice'), invalidatesTags: [...settles] }),
    dropPlinko: b.mutation<PlinkoResult, PlinkoArgs>({ query: post('plinko/deduct'), invalidatesTags: [...settles] }),
    hiloStart: b.mutation<HiloState, HiloStartArgs>({ query: post('hilo/start'), invalidatesTags: [...settles] }),
    hiloGuess: b.mutation<HiloState, HiloGuessArgs>({ query: post('hilo/guess'), invalidatesTags: [...settles] }),
    hiloCashout: b.mutation<HiloState, WalletArgs>({ query: post('hilo/cashout'), invalidatesTags: [...settles] }),
    hiloCurrent: b.query<HiloCurrent, string>({
      query: (walletAddress) => `games/hilo/current?walletAddress=${encodeURIComponent(walletAddress)}`,
      keepUnusedDataFor: 0,
    }),
    blackjackDeal: b.mutation<BlackjackState, GameBetArgs>({
      query: post('blackjack/deal'),
      invalidatesTags: [...settles],
    }),
    blackjackAct: b.mutation<BlackjackState, WalletArgs & { action: BlackjackAction }>({
      query: ({ action, walletAddress }) => moneyPost(`games/blackjack/${action}`, { walletAddress }),
      invalidatesTags: [...settles],
    }),
    blackjackCurrent: b.query<BlackjackCurrent, string>({
      query: (walletAddress) => `games/blackjack/current?walletAddress=${encodeURIComponent(walletAddress)}`,
      keepUnusedDataFor: 0,
    }),
    slotsSpin: b.mutation<SlotsSpin, SlotsArgs & { isFreeSpins: boolean }>({
      query: post('slots'),
      invalidatesTags: [...settles],
    }),
    slotsBuyBonus: b.mutation<SlotsBonus, GameBetArgs>({
      query: post('slots/buy-bonus'),
      invalidatesTags: [...settles],
    }),
    slotsState: b.query<SlotsState, string>({
      query: (walletAddress) => `games/slots/state?walletAddress=${encodeURIComponent(walletAddress)}`,
      keepUnusedDataFor: 0,
    }),
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
