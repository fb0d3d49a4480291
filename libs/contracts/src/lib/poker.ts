import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type {
  CashOutResult,
  HandEvent,
  HandSummary,
  LegalActions,
  PokerAction,
  PokerMe,
  PublicHand,
  TableSummary,
  TableView,
} from '@cosmic/poker';
import type { SameType } from './same-type';

// Cosmic Poker over HTTP: its request bodies, query and path parameters, and its answers' schemas.
// The answers' types are @cosmic/poker's (the engine builds them, and the table socket sends the
// same views); each schema here is checked at compile time to be exactly that type (SameType), and
// is what fast-json-stringify writes (only these fields are sent) and the OpenAPI answer.

// every move a player can make, as the engine names them
const POKER_MOVES = ['fold', 'check', 'call', 'bet', 'raise', 'allin'] as const;
// the engine's list and this one name the same moves (a compile error otherwise)
const sameMoves: [(typeof POKER_MOVES)[number], PokerAction['type']] extends [
  PokerAction['type'],
  (typeof POKER_MOVES)[number],
]
  ? true
  : never = true;
void sameMoves;

/** POST /api/poker/tables/{id}/buy-in body: whole House Coins (100 chips each). */
export const PokerBuyInBodySchema = Type.Object(
  {
    amount: Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      example: 10,
      description: 'whole HC; the table says its minimum and maximum',
      errorMessage: 'amount must be a whole number of HC',
      minimumMessage: 'amount must be at least 1 HC',
      maximumMessage: 'amount is too large',
    }),
  },
  { additionalProperties: false },
);
/** POST /api/poker/tables/{id}/buy-in body. */
export type PokerBuyInRequest = Static<typeof PokerBuyInBodySchema>;

/** POST /api/poker/tables/{id}/act body: the move, and for bet and raise the street total. */
export const PokerActBodySchema = Type.Object(
  {
    action: Type.Union(
      POKER_MOVES.map((m) => Type.Literal(m)),
      { errorMessage: `action must be one of ${POKER_MOVES.join(', ')}` },
    ),
    amount: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1_000_000_000,
        description: 'bet and raise: the street total to bet or raise to, in chips',
        errorMessage: 'amount must be a whole number of chips',
        minimumMessage: 'amount must not be negative',
        maximumMessage: 'amount is too large',
      }),
    ),
  },
  { additionalProperties: false },
);
/** POST /api/poker/tables/{id}/act body. */
export type PokerActRequest = Static<typeof PokerActBodySchema>;

/** GET/POST /api/poker/tables/{id}/…'s path parameter: the table id. */
export const PokerTableParamsSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9-]{1,32}$',
      description: 'the table id (GET /api/poker/tables lists them)',
      errorMessage: 'table id must be 1–32 lowercase letters, digits or dashes',
    }),
  },
  { additionalProperties: false },
);
/** The table id of a poker route's path. */
export type PokerTableParams = Static<typeof PokerTableParamsSchema>;

const handsLimit = 'limit must be a whole number from 1 to 100';
/** GET /api/poker/hands query: how many of the player's latest hands, 1–100 (default 20). */
export const PokerHandsQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      description: 'how many of your latest hands (default 20)',
      errorMessage: handsLimit,
      minimumMessage: handsLimit,
      maximumMessage: handsLimit,
    }),
  ),
});
/** GET /api/poker/hands query. */
export type PokerHandsQuery = Static<typeof PokerHandsQuerySchema>;

// ---- answers ----

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const cards = Type.Array(Type.Number({ description: 'a card index (the game engine deck order)' }));
const playerKind = Type.Union([Type.Literal('human'), Type.Literal('bot')]);
const chipsBySeat = Type.Record(Type.Number(), Type.Number());

/** A table in the lobby list (GET /api/poker/tables). */
export const TableSummarySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  seats: Type.Number(),
  humans: Type.Number(),
  bots: Type.Number(),
  smallBlind: Type.Number(),
  bigBlind: Type.Number(),
  /** Whole HC. */
  minBuyIn: Type.Number(),
  maxBuyIn: Type.Number(),
  /** Bots take the empty seats (one seat is always kept open for a new player). */
  botsFill: Type.Boolean(),
});
/** GET /api/poker/tables: the lobby. */
export const TableSummariesSchema = Type.Array(TableSummarySchema);

/** One line of a hand's story (HandEvent): blinds, actions, streets, refunds, shown hands and wins. */
export const HandEventSchema = Type.Union([
  Type.Object({
    type: Type.Literal('blind'),
    seat: Type.Number(),
    blind: Type.Union([Type.Literal('small'), Type.Literal('big')]),
    amount: Type.Number(),
  }),
  Type.Object({
    type: Type.Literal('action'),
    seat: Type.Number(),
    action: Type.Union(POKER_MOVES.map((m) => Type.Literal(m))),
    amount: Type.Number(),
    to: Type.Number(),
    auto: Type.Optional(Type.Union([Type.Literal('timeout'), Type.Literal('left')])),
  }),
  Type.Object({
    type: Type.Literal('street'),
    street: Type.Union([Type.Literal('flop'), Type.Literal('turn'), Type.Literal('river'), Type.Literal('showdown')]),
    cards,
  }),
  Type.Object({ type: Type.Literal('refund'), seat: Type.Number(), amount: Type.Number() }),
  Type.Object({
    type: Type.Literal('show'),
    seat: Type.Number(),
    cards,
    value: Type.Number(),
    description: Type.String(),
  }),
  Type.Object({
    type: Type.Literal('win'),
    seat: Type.Number(),
    amount: Type.Number(),
    pot: Type.Number(),
    description: nullable(Type.String()),
  }),
]);

const betRange = nullable(Type.Object({ min: Type.Number(), max: Type.Number() }));
/** What a player may do now (LegalActions); bet and raise bounds are street totals. */
export const LegalActionsSchema = Type.Object({
  seat: Type.Number(),
  toCall: Type.Number(),
  fold: Type.Boolean(),
  check: Type.Boolean(),
  call: Type.Boolean(),
  bet: betRange,
  raise: betRange,
  allIn: nullable(Type.Number()),
});

/** A hand as one viewer may see it (PublicHand): no deck, no other player's hole cards before the showdown. */
export const PublicHandSchema = Type.Object({
  handNo: Type.Number(),
  button: Type.Number(),
  smallBlindSeat: Type.Number(),
  bigBlindSeat: Type.Number(),
  smallBlind: Type.Number(),
  bigBlind: Type.Number(),
  street: Type.Union([
    Type.Literal('preflop'),
    Type.Literal('flop'),
    Type.Literal('turn'),
    Type.Literal('river'),
    Type.Literal('showdown'),
  ]),
  board: cards,
  pot: Type.Number(),
  currentBet: Type.Number(),
  toAct: nullable(Type.Number()),
  players: Type.Array(
    Type.Object({
      seat: Type.Number(),
      id: Type.String(),
      name: Type.String(),
      kind: playerKind,
      stack: Type.Number(),
      bet: Type.Number(),
      total: Type.Number(),
      folded: Type.Boolean(),
      allIn: Type.Boolean(),
      cards: nullable(cards),
    }),
  ),
  legal: nullable(LegalActionsSchema),
  events: Type.Array(HandEventSchema),
  finished: Type.Boolean(),
  result: nullable(
    Type.Object({
      uncontested: Type.Boolean(),
      pots: Type.Array(
        Type.Object({
          amount: Type.Number(),
          eligible: Type.Array(Type.Number()),
          winners: Type.Array(Type.Number()),
          shares: chipsBySeat,
        }),
      ),
      won: chipsBySeat,
      net: chipsBySeat,
    }),
  ),
});

const handFairness = Type.Object({
  handNo: Type.Number(),
  serverSeedHash: Type.String(),
  serverSeed: nullable(Type.String()),
  clientSeed: Type.String(),
  nonce: Type.Number(),
});

/** A finished hand for the history panel (HandSummary). */
export const HandSummarySchema = Type.Object({
  handNo: Type.Number(),
  board: cards,
  players: Type.Array(
    Type.Object({
      seat: Type.Number(),
      name: Type.String(),
      kind: playerKind,
      net: Type.Number(),
      cards: nullable(cards),
    }),
  ),
  winners: Type.Array(
    Type.Object({
      seat: Type.Number(),
      name: Type.String(),
      amount: Type.Number(),
      description: nullable(Type.String()),
    }),
  ),
  events: Type.Array(HandEventSchema),
  fairness: handFairness,
  endedAt: Type.Number(),
});

/** One viewer's picture of a table (GET /api/poker/tables/{id} and every move's answer): their own hole cards only. */
export const TableViewSchema = Type.Object({
  table: TableSummarySchema,
  /** MAX_SEATS entries; null for an empty seat. */
  seats: Type.Array(
    nullable(
      Type.Object({
        seat: Type.Number(),
        id: Type.String(),
        name: Type.String(),
        kind: playerKind,
        stack: Type.Number(),
        sittingOut: Type.Boolean(),
        waiting: Type.Boolean(),
      }),
    ),
  ),
  /** The hand in play, or the one that just ended. */
  hand: nullable(PublicHandSchema),
  /** The viewer's seat, or null when watching. */
  you: nullable(Type.Object({ seat: Type.Number(), stack: Type.Number(), sittingOut: Type.Boolean() })),
  /** Whose turn and when their timer runs out (server clock, ms since the epoch). */
  turn: nullable(Type.Object({ seat: Type.Number(), endsAt: Type.Number(), totalMs: Type.Number() })),
  nextHandAt: nullable(Type.Number()),
  /** The hand in play's seeds (server seed hidden), and the hash committed for the next hand. */
  fairness: Type.Object({ current: nullable(handFairness), nextServerSeedHash: Type.String() }),
  /** The last hands, newest first (a socket omits it when it has not changed). */
  history: Type.Optional(Type.Array(HandSummarySchema)),
  serverTime: Type.Number(),
});

/** GET /api/poker/me: where the viewer sits and the odd chips kept from the last cash-out. */
export const PokerMeSchema = Type.Object({
  seat: nullable(Type.Object({ tableId: Type.String(), seat: Type.Number(), chips: Type.Number() })),
  /** Chips under 100 kept from a cash-out (floor(chips/100) HC is paid); added to the next buy-in. */
  changeChips: Type.Number(),
  chipsPerHc: Type.Number(),
});

/** POST /api/poker/cash-out: the chips cashed, the HC credited (floor(chips / 100)), the odd chips kept, the balance. */
export const CashOutResultSchema = Type.Object({
  chips: Type.Number(),
  hc: Type.String(),
  changeChips: Type.Number(),
  balance: Type.String(),
});

/** One of the player's hands as GET /api/poker/hands lists it, newest first. */
export const PokerHandRecordSchema = Type.Object({
  id: Type.String(),
  tableId: Type.String(),
  chipsBefore: Type.Number(),
  chipsAfter: Type.Number(),
  /** The hand's HandSummary as it was recorded (written whole, as stored). */
  summary: Type.Unknown(),
  at: Type.String(),
});
/** One of the player's hands as GET /api/poker/hands lists it. */
export type PokerHandRecord = Static<typeof PokerHandRecordSchema>;
/** GET /api/poker/hands: the player's latest hands, newest first. */
export const PokerHandRecordsSchema = Type.Array(PokerHandRecordSchema);

// the engine's types and these schemas are the same (a compile error otherwise)
const sameAsEngine: [
  SameType<Static<typeof TableSummarySchema>, TableSummary>,
  SameType<Static<typeof HandEventSchema>, HandEvent>,
  SameType<Static<typeof LegalActionsSchema>, LegalActions>,
  SameType<Static<typeof PublicHandSchema>, PublicHand>,
  SameType<Static<typeof HandSummarySchema>, HandSummary>,
  SameType<Static<typeof TableViewSchema>, TableView>,
  SameType<Static<typeof PokerMeSchema>, PokerMe>,
  SameType<Static<typeof CashOutResultSchema>, CashOutResult>,
] = [true, true, true, true, true, true, true, true];
void sameAsEngine;
