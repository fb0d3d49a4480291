import { Type, type Static } from '@sinclair/typebox';
import { WalletAddress } from './fields';
import { CurrencySchema, type Currency, type DecimalString } from './users';

const limitMessage = 'limit must be an integer from 1 to 200';

/** GET /api/bets query: the wallet (checked against the session) and how many bets, 1–200 (default 50). */
export const BetsQuerySchema = Type.Object({
  walletAddress: Type.Optional(WalletAddress('the wallet the session plays (a GUEST_… id or an Algorand address)')),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 200,
      description: 'how many of the latest bets (default 50)',
      errorMessage: limitMessage,
      minimumMessage: limitMessage,
      maximumMessage: limitMessage,
    }),
  ),
});
/** GET /api/bets query. */
export type BetsQuery = Static<typeof BetsQuerySchema>;

/** One settled bet as GET /api/bets lists it (what fast-json-stringify writes, and the OpenAPI answer). */
export const BetDtoSchema = Type.Object({
  id: Type.String(),
  game: Type.String(),
  currency: CurrencySchema,
  amount: Type.String(),
  payout: Type.String(),
  multiplier: Type.String(),
  serverSeedHash: Type.String(),
  /** Present once the pair has been rotated (revealed). */
  serverSeed: Type.Union([Type.String(), Type.Null()]),
  clientSeed: Type.String(),
  nonce: Type.Number(),
  /** The game's stored outcome, as it was recorded (GET /api/bet-details/{id} reads it into one shape per game). */
  outcome: Type.Unknown(),
  time: Type.String(),
});
/** One settled bet as GET /api/bets lists it. */
export type BetDto = Static<typeof BetDtoSchema>;
/** GET /api/bets: the player's settled bets, newest first. */
export const BetDtosSchema = Type.Array(BetDtoSchema);

/** Fields every settled game answer carries so the player can verify it. */
export interface SettledBetFields {
  betId: string;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  currency: Currency;
  /** The balance of the bet's currency after settlement. */
  balance: DecimalString;
}
