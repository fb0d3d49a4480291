import { Injectable } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import type { PlinkoOutcome } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';

/** A settled plinko bet with its seed pair and the player's balance now. */
export interface PlinkoBetRow {
  id: string;
  currency: Currency;
  amount: string;
  payout: string;
  multiplier: string;
  outcome: PlinkoOutcome & { multiplier: unknown };
  nonce: string;
  server_seed_hash: string;
  client_seed: string;
  balance: string;
}

/** The SQL of the plinko answer (its bets are written by the settlement module). */
@Injectable()
export class PlinkoRepository {
  constructor(private readonly sql: SqlService) {}

  /** The player's plinko bet `betId`, or their latest when `betId` is undefined. */
  async settled(userId: string, betId: string | undefined): Promise<PlinkoBetRow | undefined> {
    const rows = await this.sql.query<PlinkoBetRow>(
      `SELECT b.id, b.currency, b.amount, b.payout, b.multiplier, b.outcome, b.nonce, s.server_seed_hash, s.client_seed,
              (SELECT amount FROM balances WHERE user_id = b.user_id AND currency = b.currency) AS balance
         FROM bets b JOIN seed_pairs s ON s.id = b.seed_pair_id
        WHERE b.user_id = $1 AND b.game = 'plinko' ${betId !== undefined ? 'AND b.id = $2' : ''}
        ORDER BY b.id DESC LIMIT 1`,
      betId !== undefined ? [userId, betId] : [userId],
      // prepared: planned each time, this read of bets (a partition a week) cost ~0.7 ms to plan, 0.1 to run
      betId !== undefined ? 'plinko_settled_bet' : 'plinko_latest_bet',
    );
    return rows[0];
  }
}
