import { money } from '../common/amount';
import type { PublicBetRow } from './bets.repository';

/** What every public view of a bet (the live feed's row, the bet details) shows of its row. */
export interface PublicBetFields {
  id: string;
  game: string;
  username: string;
  time: string;
  currency: PublicBetRow['currency'];
  amount: string;
  multiplier: string;
  payout: string;
}

/** The shared fields of a public bet from its row: the id as text, the time as ISO 8601, amounts in coins. */
export function publicBetFields(r: PublicBetRow, amount = BigInt(r.amount)): PublicBetFields {
  return {
    id: String(r.id),
    game: r.game,
    username: r.username,
    time: r.created_at.toISOString(),
    currency: r.currency,
    amount: money(amount),
    multiplier: r.multiplier,
    payout: money(BigInt(r.payout)),
  };
}

/** Whether the bet is the session user's own (`userId` null without a session). */
export function isMine(r: PublicBetRow, userId: string | null): boolean {
  return userId !== null && String(r.user_id) === userId;
}
