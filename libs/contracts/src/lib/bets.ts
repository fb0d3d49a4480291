import type { Currency, DecimalString } from './users';

/** One settled bet as GET /api/bets lists it. */
export interface BetDto {
  id: string;
  game: string;
  currency: Currency;
  amount: DecimalString;
  payout: DecimalString;
  multiplier: string;
  serverSeedHash: string;
  /** Present once the pair has been rotated (revealed). */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  outcome: unknown;
  time: string;
}

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
