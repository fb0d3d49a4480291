import { Type, type Static } from '@sinclair/typebox';
import type { PokerAction } from '@cosmic/poker';

// Cosmic Poker's HTTP request bodies (its views and results are @cosmic/poker's types).

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
