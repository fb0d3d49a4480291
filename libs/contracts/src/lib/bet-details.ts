import { Type, type Static } from '@sinclair/typebox';
import { GameCardSchema, GameCurrencySchema } from './games';

// GET /api/bet-details/:id, declared once: the route's parameter check, its response serializer
// (only these fields are ever sent: never an address, never a secret server seed), the OpenAPI
// component, and the type the web reads. Amounts are decimal strings.

/** GET /api/bet-details/:id's path parameter. */
export const BetDetailsParamsSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[1-9][0-9]{0,17}$',
      description: 'the bet id (a live feed row’s or a history row’s)',
      errorMessage: 'id must be a bet id: a whole number above 0',
    }),
  },
  { additionalProperties: false },
);
/** GET /api/bet-details/:id's path parameter. */
export type BetDetailsParams = Static<typeof BetDetailsParamsSchema>;

/** Dice: both faces, their total, the bet type and whether it won. */
export const DiceOutcomeSchema = Type.Object({
  game: Type.Literal('dice'),
  dice: Type.Array(Type.Number()),
  total: Type.Number(),
  betType: Type.String(),
  won: Type.Boolean(),
});

/** Plinko: the ball's way down (one step per peg row: 0 left, 1 right), the slot it landed in, the risk. */
export const PlinkoOutcomeSchema = Type.Object({
  game: Type.Literal('plinko'),
  risk: Type.String(),
  path: Type.Array(Type.Number()),
  slot: Type.Number(),
});

const position = Type.Object({ row: Type.Number(), col: Type.Number() });
/** One winning cascade of a spin: the grid as it stood (symbol ids, row-major) and its paying clusters. */
export const SlotsCascadeSchema = Type.Object({
  grid: Type.Array(Type.String()),
  clusters: Type.Array(Type.Object({ symbol: Type.String(), size: Type.Number(), positions: Type.Array(position) })),
});
/** A slots spin (paid `base` or `free`) with its grids and cascades, or a bonus purchase (`bonus-buy`, no draw of its own). */
export const SlotsOutcomeSchema = Type.Object({
  game: Type.Literal('slots'),
  mode: Type.Union([Type.Literal('base'), Type.Literal('free'), Type.Literal('bonus-buy')]),
  initialGrid: Type.Array(Type.String()),
  finalGrid: Type.Array(Type.String()),
  cascades: Type.Array(SlotsCascadeSchema),
  scatters: Type.Number(),
  freeSpinsAwarded: Type.Number(),
  capped: Type.Boolean(),
  /** Free spins a bonus purchase bought (0 for a spin). */
  spinsBought: Type.Number(),
});

/** One blackjack hand as it ended. */
export const BlackjackHandOutcomeSchema = Type.Object({
  cards: Type.Array(GameCardSchema),
  total: Type.Number(),
  doubled: Type.Boolean(),
  fromSplit: Type.Boolean(),
  /** blackjack, win, lose, push or bust. */
  result: Type.Union([Type.String(), Type.Null()]),
});
/** Blackjack: the dealer's cards and the player's hand (two after a split), and the actions that played them. */
export const BlackjackOutcomeSchema = Type.Object({
  game: Type.Literal('blackjack'),
  dealer: Type.Array(GameCardSchema),
  dealerTotal: Type.Number(),
  hands: Type.Array(BlackjackHandOutcomeSchema),
  actions: Type.Array(Type.String()),
});

/** Hi-lo: every card shown, each guess (its direction, the card it met, whether it won), how the run ended. */
export const HiloOutcomeSchema = Type.Object({
  game: Type.Literal('hilo'),
  /** 'lost' or 'cashed'. */
  status: Type.String(),
  cards: Type.Array(GameCardSchema),
  guesses: Type.Array(Type.Object({ direction: Type.String(), card: GameCardSchema, won: Type.Boolean() })),
  streak: Type.Number(),
});

/** What a settled bet drew, per game. */
export const BetOutcomeSchema = Type.Union([
  DiceOutcomeSchema,
  PlinkoOutcomeSchema,
  SlotsOutcomeSchema,
  BlackjackOutcomeSchema,
  HiloOutcomeSchema,
]);
/** What a settled bet drew, per game. */
export type BetOutcome = Static<typeof BetOutcomeSchema>;
/** Dice's outcome. */
export type DiceBetOutcome = Static<typeof DiceOutcomeSchema>;
/** Plinko's outcome. */
export type PlinkoBetOutcome = Static<typeof PlinkoOutcomeSchema>;
/** A slots spin's (or bonus purchase's) outcome. */
export type SlotsBetOutcome = Static<typeof SlotsOutcomeSchema>;
/** Blackjack's outcome. */
export type BlackjackBetOutcome = Static<typeof BlackjackOutcomeSchema>;
/** Hi-lo's outcome. */
export type HiloBetOutcome = Static<typeof HiloOutcomeSchema>;

/**
 * The verifier's parameters of the bet (the game engine's, as text: dice betType; plinko risk;
 * hi-lo guesses and cashout '1'/'0'; blackjack actions; slots freeSpins '1'/'0'), and the base
 * stake the payout is computed from (null when the row holds none: a free spin stakes nothing).
 */
export const BetVerifySchema = Type.Object({
  extra: Type.Record(Type.String(), Type.String()),
  stake: Type.Union([Type.Object({ amount: Type.String(), currency: GameCurrencySchema }), Type.Null()]),
});
/** The verifier's parameters of a bet. */
export type BetVerify = Static<typeof BetVerifySchema>;

/** GET /api/bet-details/:id: one settled bet in full, readable by anyone (a username, never an address; the server seed only once revealed). */
export const BetDetailsSchema = Type.Object({
  id: Type.String(),
  game: Type.Union([
    Type.Literal('dice'),
    Type.Literal('plinko'),
    Type.Literal('slots'),
    Type.Literal('blackjack'),
    Type.Literal('hilo'),
  ]),
  username: Type.String(),
  /** True when the bet is the session's own. */
  mine: Type.Boolean(),
  time: Type.String(),
  currency: GameCurrencySchema,
  /** What the bet row staked (a doubled or split blackjack hand: every stake; a free spin: 0). */
  amount: Type.String(),
  multiplier: Type.String(),
  payout: Type.String(),
  nonce: Type.Number(),
  clientSeed: Type.String(),
  serverSeedHash: Type.String(),
  /** Null until the player rotates the pair (the hash is all that is shown before). */
  serverSeed: Type.Union([Type.String(), Type.Null()]),
  outcome: BetOutcomeSchema,
  /** Null for a row the engine does not replay (a slots bonus purchase). */
  verify: Type.Union([BetVerifySchema, Type.Null()]),
});
/** GET /api/bet-details/:id's answer. */
export type BetDetails = Static<typeof BetDetailsSchema>;
