import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DecimalAmount, WalletAddress } from './fields';

// The five house games' calls, declared once: each schema is the request's validation (the API's
// one body parser reads `errorMessage` and the DecimalAmount kind, see fields.ts), the fast routes'
// response serializer, the OpenAPI document's component, and (through Static) the type the API
// returns and the web reads. Amounts are decimal strings.

/** A bet's currency. */
export const GameCurrencySchema = Type.Union([Type.Literal('HC'), Type.Literal('AMINA')], {
  errorMessage: 'currency must be HC or AMINA',
});
/** A bet's currency. */
export type GameCurrency = Static<typeof GameCurrencySchema>;

/** A field the spec's client sends and the server ignores (it knows the value). */
const ignored = (description: string): TSchema => Type.Optional(Type.Unknown({ description }));

const walletAddress = WalletAddress();

// Field order is the order of the 400's messages: a body's own fields first, then the wallet's (as class-validator answered).

const betFields = { walletAddress, betAmount: DecimalAmount({ example: '10' }), currency: GameCurrencySchema };

/** A new bet: wallet, the amount as a decimal string and the currency. */
export const BetBodySchema = Type.Object(betFields, { additionalProperties: false });
/** A new bet: wallet, the amount as a decimal string and the currency. */
export type GameBetArgs = Static<typeof BetBodySchema>;

/** Dice bet types. */
export const DiceBetTypeSchema = Type.Union([Type.Literal('low'), Type.Literal('seven'), Type.Literal('high')], {
  errorMessage: 'betType must be low, seven or high',
});
/** Dice bet types. */
export type DiceBetType = Static<typeof DiceBetTypeSchema>;
/** POST /api/games/dice. */
export const DiceBodySchema = Type.Object(
  { betType: DiceBetTypeSchema, ...betFields },
  { additionalProperties: false },
);
/** POST /api/games/dice. */
export type DiceArgs = Static<typeof DiceBodySchema>;

/** Plinko risk levels. */
export const PlinkoRiskSchema = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')], {
  errorMessage: 'risk must be low, medium or high',
});
/** Plinko risk levels. */
export type PlinkoRisk = Static<typeof PlinkoRiskSchema>;
/** POST /api/games/plinko/deduct. */
export const PlinkoBodySchema = Type.Object({ risk: PlinkoRiskSchema, ...betFields }, { additionalProperties: false });
/** POST /api/games/plinko/deduct. */
export type PlinkoArgs = Static<typeof PlinkoBodySchema>;

/** POST /api/games/plinko/result: the spec's client sends its own slot; the server's stands. */
export const PlinkoResultBodySchema = Type.Object(
  {
    betId: Type.Optional(
      Type.String({
        maxLength: 20,
        description: 'the bet to answer (default: the latest plinko bet)',
        errorMessage: 'betId must be a string',
        maxLengthMessage: 'betId must be shorter than or equal to 20 characters',
      }),
    ),
    slotIndex: ignored('ignored: the server decided the slot'),
    betAmount: ignored('ignored'),
    currency: ignored('ignored'),
    risk: ignored('ignored'),
    walletAddress,
  },
  { additionalProperties: false },
);
/** POST /api/games/plinko/result. */
export type PlinkoResultArgs = Static<typeof PlinkoResultBodySchema>;

/** POST /api/games/hilo/start (the spec names the amount `bet`). */
export const HiloStartBodySchema = Type.Object(
  { bet: DecimalAmount({ example: '10' }), currency: GameCurrencySchema, walletAddress },
  { additionalProperties: false },
);
/** POST /api/games/hilo/start. */
export type HiloStartArgs = Static<typeof HiloStartBodySchema>;

/** A hi-lo guess. */
export const HiloDirectionSchema = Type.Union([Type.Literal('higher'), Type.Literal('lower')], {
  errorMessage: 'direction must be higher or lower',
});
/** POST /api/games/hilo/guess. */
export const HiloGuessBodySchema = Type.Object(
  { direction: HiloDirectionSchema, walletAddress },
  { additionalProperties: false },
);
/** POST /api/games/hilo/guess. */
export type HiloGuessArgs = Static<typeof HiloGuessBodySchema>;

/** Hi-lo cashout and loss: the spec's client also sends streak and currentBet; the server's stand. */
export const HiloEndBodySchema = Type.Object(
  {
    streak: ignored('ignored: the server knows the streak'),
    currentBet: ignored('ignored: the server knows the bet'),
    currency: ignored('ignored'),
    walletAddress,
  },
  { additionalProperties: false },
);
/** POST /api/games/hilo/cashout and /loss. */
export type HiloEndArgs = Static<typeof HiloEndBodySchema>;

/** Blackjack stand/double/split/bust: the spec's client also sends totals, cards and the bet; the server's stand. */
export const BlackjackEndBodySchema = Type.Object(
  {
    playerTotal: ignored('ignored: the server knows the hand'),
    currentPlayerCards: ignored('ignored: the server knows the cards'),
    betAmount: ignored('ignored'),
    currency: ignored('ignored'),
    walletAddress,
  },
  { additionalProperties: false },
);
/** POST /api/games/blackjack/{stand|double|split|bust}. */
export type BlackjackEndArgs = Static<typeof BlackjackEndBodySchema>;

/** POST /api/games/slots. */
export const SlotsBodySchema = Type.Object(
  {
    betAmount: Type.Optional(
      Type.Unknown({ example: '1', description: 'ignored for a free spin (the bonus keeps its bet)' }),
    ),
    currency: Type.Optional(GameCurrencySchema),
    isFreeSpins: Type.Optional(
      Type.Boolean({
        description: 'true to play one of the free spins the server holds',
        errorMessage: 'isFreeSpins must be true or false',
      }),
    ),
    walletAddress,
  },
  { additionalProperties: false },
);
/** POST /api/games/slots (betAmount is checked by the service: a free spin ignores it). */
export type SlotsArgs = { walletAddress: string; betAmount?: string; currency?: GameCurrency; isFreeSpins?: boolean };

// ---- answers ----

const fairness = {
  betId: Type.String(),
  nonce: Type.Number(),
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
  currency: GameCurrencySchema,
};
const decimal = Type.String();

/** POST /api/games/dice's answer: the roll, the win and the balance, with what verifies it. */
export const DiceResultSchema = Type.Object({
  dice1: Type.Number(),
  dice2: Type.Number(),
  total: Type.Number(),
  /** The bet this roll settled (the verifier needs it). */
  betType: DiceBetTypeSchema,
  isWin: Type.Boolean(),
  winAmount: decimal,
  betAmount: decimal,
  multiplier: Type.Number(),
  ...fairness,
  balance: decimal,
});
/** POST /api/games/dice's answer. */
export type DiceResult = Static<typeof DiceResultSchema>;

/** POST /api/games/plinko/deduct's (and /result's) answer: the ball's path (one step per peg row: 0 left, 1 right), slot and win. */
export const PlinkoResultSchema = Type.Object({
  path: Type.Array(Type.Number()),
  slotIndex: Type.Number(),
  multiplier: Type.Number(),
  isWin: Type.Boolean(),
  winAmount: decimal,
  betAmount: decimal,
  risk: PlinkoRiskSchema,
  ...fairness,
  balance: decimal,
});
/** POST /api/games/plinko/deduct's answer. */
export type PlinkoResult = Static<typeof PlinkoResultSchema>;

/** POST /api/games/plinko/result's answer: the settled round (and whether the client's slot differed). */
export const PlinkoSettledSchema = Type.Composite([
  PlinkoResultSchema,
  Type.Object({ clientSlotIgnored: Type.Boolean() }),
]);
/** POST /api/games/plinko/result's answer. */
export type PlinkoSettled = Static<typeof PlinkoSettledSchema>;

/** A card as the server sends it. */
export const GameCardSchema = Type.Object({ rank: Type.String(), suit: Type.String(), label: Type.String() });
/** A card as the server sends it. */
export type GameCard = Static<typeof GameCardSchema>;

const hiloSide = Type.Object({ allowed: Type.Boolean(), probability: Type.Number(), nextMultiplier: Type.Number() });
/** One hi-lo guess's odds. */
export type HiloSide = Static<typeof hiloSide>;

/** A hi-lo run as the server answers it (start, guess, cashout, loss, current). */
export const HiloStateSchema = Type.Object({
  status: Type.String(),
  card: GameCardSchema,
  cards: Type.Array(GameCardSchema),
  streak: Type.Number(),
  multiplier: Type.Number(),
  currentPayout: decimal,
  betAmount: decimal,
  next: Type.Union([Type.Object({ higher: hiloSide, lower: hiloSide }), Type.Null()]),
  won: Type.Optional(Type.Boolean()),
  gameOver: Type.Optional(Type.Boolean()),
  message: Type.Optional(Type.String()),
  winAmount: Type.Optional(decimal),
  balance: Type.Optional(decimal),
  ...fairness,
  /** The settled run's bet (null while the run is open; absent on start, which names the round). */
  betId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  roundId: Type.Optional(Type.String()),
});
/** A hi-lo run as the server answers it. */
export type HiloState = Static<typeof HiloStateSchema>;
/** GET /api/games/hilo/current: the open run (active), or none. */
export const HiloCurrentSchema = Type.Union([
  Type.Composite([Type.Object({ active: Type.Literal(true) }), HiloStateSchema]),
  Type.Object({ active: Type.Literal(false) }),
]);
/** GET /api/games/hilo/current. */
export type HiloCurrent = Static<typeof HiloCurrentSchema>;

/** Blackjack actions. */
export const BlackjackActionSchema = Type.Union([
  Type.Literal('hit'),
  Type.Literal('stand'),
  Type.Literal('double'),
  Type.Literal('split'),
]);
/** Blackjack actions. */
export type BlackjackAction = Static<typeof BlackjackActionSchema>;
/** Blackjack results. */
export const BlackjackResultSchema = Type.Union([
  Type.Literal('blackjack'),
  Type.Literal('win'),
  Type.Literal('lose'),
  Type.Literal('push'),
  Type.Literal('bust'),
]);
/** Blackjack results. */
export type BlackjackResult = Static<typeof BlackjackResultSchema>;
/** One blackjack hand (two after a split). */
export const BlackjackHandSchema = Type.Object({
  cards: Type.Array(GameCardSchema),
  total: Type.Number(),
  soft: Type.Boolean(),
  doubled: Type.Boolean(),
  done: Type.Boolean(),
  result: Type.Union([BlackjackResultSchema, Type.Null()]),
});
/** One blackjack hand. */
export type BlackjackHand = Static<typeof BlackjackHandSchema>;
/** A blackjack hand as the server answers it (deal, each action, current). */
export const BlackjackStateSchema = Type.Object({
  status: Type.String(),
  gameOver: Type.Boolean(),
  playerCards: Type.Array(GameCardSchema),
  playerTotal: Type.Number(),
  playerSoft: Type.Boolean(),
  dealerCards: Type.Array(GameCardSchema),
  dealerHidden: Type.Boolean(),
  dealerTotal: Type.Number(),
  hands: Type.Array(BlackjackHandSchema),
  activeHand: Type.Number(),
  legalActions: Type.Array(BlackjackActionSchema),
  result: Type.Union([BlackjackResultSchema, Type.Null()]),
  winAmount: decimal,
  betAmount: decimal,
  /** Every stake of the hand (doubles and splits included). */
  totalStaked: decimal,
  /** The card hit or double drew (null after stand or split). */
  newCard: Type.Optional(Type.Union([GameCardSchema, Type.Null()])),
  balance: Type.Optional(decimal),
  ...fairness,
  /** The settled hand's bet (null while it is open; absent on current). */
  betId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
/** A blackjack hand as the server answers it. */
export type BlackjackState = Static<typeof BlackjackStateSchema>;
/** GET /api/games/blackjack/current: the open hand (active), or none. */
export const BlackjackCurrentSchema = Type.Union([
  Type.Composite([Type.Object({ active: Type.Literal(true) }), BlackjackStateSchema]),
  Type.Object({ active: Type.Literal(false) }),
]);
/** GET /api/games/blackjack/current. */
export type BlackjackCurrent = Static<typeof BlackjackCurrentSchema>;

const cluster = Type.Object({
  symbol: Type.Optional(Type.String({ description: "the symbol's emoji (the model has one for each)" })),
  size: Type.Number(),
  positions: Type.Array(Type.Object({ row: Type.Number(), col: Type.Number() })),
  multiplier: Type.Number(),
});
/** A winning cluster of one cascade. */
export type SlotsCluster = Static<typeof cluster>;
const cascade = Type.Object({
  grid: Type.Array(Type.String()),
  clusters: Type.Array(cluster),
  multiplier: Type.Number(),
});
/** One cascade of a spin. */
export type SlotsCascade = Static<typeof cascade>;

/** POST /api/games/slots's answer: one spin with all its cascades. */
export const SlotsSpinSchema = Type.Object({
  grid: Type.Array(Type.String()),
  initialGrid: Type.Array(Type.String()),
  cascades: Type.Array(cascade),
  /** Every cascade's clusters in one list, each with its cascade's index. */
  clusters: Type.Array(
    Type.Object({
      step: Type.Number(),
      symbol: Type.Optional(Type.String()),
      size: Type.Number(),
      positions: Type.Array(Type.Object({ row: Type.Number(), col: Type.Number() })),
    }),
  ),
  capped: Type.Boolean(),
  scatters: Type.Number(),
  freeSpinMultiplier: Type.Number(),
  winAmount: decimal,
  isWin: Type.Boolean(),
  multiplier: Type.Number(),
  bonusTriggered: Type.Boolean(),
  bonusSpinsAwarded: Type.Number(),
  freeSpinsLeft: Type.Number(),
  isFreeSpin: Type.Boolean(),
  /** On a free spin: the bonus round's total win so far (the whole round's once freeSpinsLeft is 0). */
  bonusTotalWin: Type.Optional(decimal),
  betAmount: decimal,
  ...fairness,
  balance: decimal,
});
/** POST /api/games/slots's answer. */
export type SlotsSpin = Static<typeof SlotsSpinSchema>;
/** POST /api/games/slots/buy-bonus's answer. */
export const SlotsBonusSchema = Type.Object({
  bonusBought: Type.Boolean(),
  freeSpinMultiplier: Type.Number(),
  freeSpinsLeft: Type.Number(),
  cost: decimal,
  betAmount: decimal,
  currency: GameCurrencySchema,
  balance: decimal,
});
/** POST /api/games/slots/buy-bonus's answer. */
export type SlotsBonus = Static<typeof SlotsBonusSchema>;
/** GET /api/games/slots/state: the free spins the server holds. */
export const SlotsStateSchema = Type.Object({
  freeSpinsLeft: Type.Number(),
  totalWin: Type.Optional(decimal),
  source: Type.Optional(Type.String({ description: 'how the free spins were won: bought or triggered' })),
  betAmount: Type.Optional(decimal),
  currency: Type.Optional(GameCurrencySchema),
});
/** GET /api/games/slots/state. */
export type SlotsState = Static<typeof SlotsStateSchema>;

/** What every settled game answer carries for the verifier (betId is absent or null while a round is open). */
export type GameFairness = Pick<DiceResult, 'nonce' | 'serverSeedHash' | 'clientSeed' | 'currency'> & {
  betId?: string | null;
};
