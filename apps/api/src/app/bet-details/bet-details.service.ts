import type { BetDetails } from '@cosmic/contracts';
import { Injectable } from '@nestjs/common';
import { money } from '../common/amount';
import { NotFoundError } from '../common/domain-error';
import { SqlService } from '../database/sql.service';
import { betOutcome, betVerify, DETAIL_GAMES, type DetailGame } from './bet-outcome';

interface Row {
  id: string;
  user_id: string;
  game: string;
  username: string;
  created_at: Date;
  currency: 'HC' | 'AMINA';
  amount: string;
  payout: string;
  multiplier: string;
  nonce: string;
  outcome: unknown;
  client_seed: string;
  server_seed_hash: string;
  server_seed: string | null;
}

/** One settled bet in full: what it drew and what verifies it. */
@Injectable()
export class BetDetailsService {
  constructor(private readonly sql: SqlService) {}

  /**
   * The bet with this id, as anyone may read it (every bet is in the public live feed): the
   * player's username and never the address; the server seed only once its pair is no longer
   * active (revealed), the hash before; `mine` from the session's user.
   */
  async get(id: string, userId: string | null): Promise<BetDetails> {
    // the server seed is chosen in SQL: a secret one never leaves the database
    const [r] = await this.sql.query<Row>(
      `SELECT b.id, b.user_id, b.game, u.username, b.created_at, b.currency, b.amount, b.payout, b.multiplier, b.nonce, b.outcome,
              s.client_seed, s.server_seed_hash, CASE WHEN s.active THEN NULL ELSE s.server_seed END AS server_seed
         FROM bets b JOIN users u ON u.id = b.user_id JOIN seed_pairs s ON s.id = b.seed_pair_id
        WHERE b.id = $1`,
      [id],
    );
    if (!r || !(DETAIL_GAMES as readonly string[]).includes(r.game)) throw new NotFoundError(`No bet ${id}`);
    const amount = BigInt(r.amount);
    const outcome = betOutcome(r.game as DetailGame, r.outcome);
    return {
      id: String(r.id),
      game: r.game as DetailGame,
      username: r.username,
      mine: userId !== null && String(r.user_id) === userId,
      time: r.created_at.toISOString(),
      currency: r.currency,
      amount: money(amount),
      multiplier: r.multiplier,
      payout: money(BigInt(r.payout)),
      nonce: Number(r.nonce),
      clientSeed: r.client_seed,
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.server_seed,
      outcome,
      verify: betVerify(outcome, r.outcome, amount, r.currency),
    };
  }
}
