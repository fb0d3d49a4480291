import { Injectable } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { SqlService } from '../database/sql.service';

/** A settled bet with its seed pair, as the history shows it. */
export interface BetHistoryRow {
  id: string;
  game: string;
  currency: Currency;
  amount: string;
  payout: string;
  multiplier: string;
  outcome: unknown;
  created_at: Date;
  nonce: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  active: boolean;
}

/** The SQL of the bet history. */
@Injectable()
export class BetsRepository {
  constructor(private readonly sql: SqlService) {}

  /** The player's last `limit` settled bets, newest first, with their seed pairs. */
  latest(userId: string, limit: number): Promise<BetHistoryRow[]> {
    return this.sql.query<BetHistoryRow>(
      `SELECT b.id, b.game, b.currency, b.amount, b.payout, b.multiplier, b.outcome, b.created_at, b.nonce,
              s.server_seed, s.server_seed_hash, s.client_seed, s.active
         FROM bets b JOIN seed_pairs s ON s.id = b.seed_pair_id
        WHERE b.user_id = $1 ORDER BY b.id DESC LIMIT $2`,
      [userId, limit],
    );
  }
}
