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

/**
 * A settled bet as anyone may read it (the live feed, the bet details): the player's username and
 * never the address; the server seed only once its pair is no longer active (revealed).
 */
export interface PublicBetRow {
  id: string;
  user_id: string;
  game: string;
  username: string;
  created_at: Date;
  currency: Currency;
  amount: string;
  payout: string;
  multiplier: string;
  nonce: string;
  client_seed: string;
  server_seed_hash: string;
  server_seed: string | null;
}

/** A public bet with its stored outcome in full (the bet details). */
export interface BetDetailRow extends PublicBetRow {
  outcome: unknown;
}

/** A public bet with the verifier's parameters read out of its outcome (the live feed). */
export interface LiveBetRow extends PublicBetRow {
  params: Record<string, unknown>;
}

/** Which bets of the live feed: every bet, one player's, or the high rollers' (at least these base units of their currency). */
export type LiveBetsFilter = { userId: string } | { highRoller: Record<Currency, bigint> } | null;

// the server seed is chosen in SQL: a secret one never leaves the database
const PUBLIC_COLUMNS = `b.id, b.user_id, b.game, u.username, b.created_at, b.currency, b.amount, b.payout, b.multiplier, b.nonce,
  s.client_seed, s.server_seed_hash, CASE WHEN s.active THEN NULL ELSE s.server_seed END AS server_seed`;
// the feed carries only what the verifier needs of an outcome (a blackjack row's hands, from which its actions are read)
const LIVE_COLUMNS = `${PUBLIC_COLUMNS},
  jsonb_strip_nulls(jsonb_build_object('betType', b.outcome->'betType', 'risk', b.outcome->'risk', 'guesses', b.outcome->'guesses',
    'status', b.outcome->'status', 'actions', b.outcome->'actions', 'mode', b.outcome->'mode',
    'hands', CASE WHEN b.game = 'blackjack' THEN b.outcome->'hands' END, 'dealer', CASE WHEN b.game = 'blackjack' THEN b.outcome->'dealer' END)) AS params`;
const PUBLIC_FROM = `FROM bets b JOIN users u ON u.id = b.user_id JOIN seed_pairs s ON s.id = b.seed_pair_id`;

/**
 * The SQL that reads settled bets: the player's history, the public live feed and one bet in full.
 * All of it may lag (SqlService.read, a replica when DATABASE_READ_URL is set): a settled bet never
 * changes, so a replica behind shows it a moment late, never wrong; a pair's server seed, revealed
 * only once the pair is retired, stays hidden on a replica that has not seen the retirement yet.
 */
@Injectable()
export class BetsRepository {
  constructor(private readonly sql: SqlService) {}

  /** The player's last `limit` settled bets, newest first, with their seed pairs. */
  latest(userId: string, limit: number): Promise<BetHistoryRow[]> {
    return this.sql.read<BetHistoryRow>(
      `SELECT b.id, b.game, b.currency, b.amount, b.payout, b.multiplier, b.outcome, b.created_at, b.nonce,
              s.server_seed, s.server_seed_hash, s.client_seed, s.active
         FROM bets b JOIN seed_pairs s ON s.id = b.seed_pair_id
        WHERE b.user_id = $1 ORDER BY b.id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  /**
   * One bet in full, or null when there is no such bet. A bet the replica has not seen yet (just
   * placed, its id from the answer) is read on the leader, so lag never answers 404 for a real bet.
   */
  async detail(id: string): Promise<BetDetailRow | null> {
    const text = `SELECT ${PUBLIC_COLUMNS}, b.outcome ${PUBLIC_FROM} WHERE b.id = $1`;
    const [r] = await this.sql.read<BetDetailRow>(text, [id]);
    if (r || this.sql.readPool === this.sql.pool) return r ?? null;
    const [leader] = await this.sql.query<BetDetailRow>(text, [id]);
    return leader ?? null;
  }

  /** The live feed's last `limit` bets of a filter, newest first. */
  liveLatest(limit: number, filter: LiveBetsFilter = null): Promise<LiveBetRow[]> {
    if (filter === null)
      return this.sql.read<LiveBetRow>(`SELECT ${LIVE_COLUMNS} ${PUBLIC_FROM} ORDER BY b.id DESC LIMIT $1`, [limit]);
    if ('userId' in filter)
      return this.sql.read<LiveBetRow>(
        `SELECT ${LIVE_COLUMNS} ${PUBLIC_FROM} WHERE b.user_id = $2 ORDER BY b.id DESC LIMIT $1`,
        [limit, filter.userId],
      );
    // the thresholds are bigints, written into the statement as literals
    const { HC, AMINA } = filter.highRoller;
    return this.sql.read<LiveBetRow>(
      `SELECT ${LIVE_COLUMNS} ${PUBLIC_FROM}
        WHERE ((b.currency = 'HC' AND b.amount >= ${BigInt(HC)}) OR (b.currency = 'AMINA' AND b.amount >= ${BigInt(AMINA)}))
        ORDER BY b.id DESC LIMIT $1`,
      [limit],
    );
  }

  /** The live feed's bets with an id above `afterId`, oldest first, at most `limit`. */
  liveAfter(afterId: bigint, limit: number): Promise<LiveBetRow[]> {
    return this.sql.read<LiveBetRow>(`SELECT ${LIVE_COLUMNS} ${PUBLIC_FROM} WHERE b.id > $1 ORDER BY b.id LIMIT $2`, [
      afterId.toString(),
      limit,
    ]);
  }

  /** The highest bet id so far (null before the first bet) and the database's clock. */
  async head(): Promise<{ max: string | null; now: Date }> {
    const [r] = await this.sql.read<{ max: string | null; now: Date }>(
      `SELECT max(id)::text AS max, now() AS now FROM bets`,
    );
    return r;
  }

  /** Server seeds revealed after `from` (pairs no longer active), oldest first, at most `limit`. */
  revealedSince(
    from: Date,
    limit: number,
  ): Promise<Array<{ server_seed_hash: string; server_seed: string; revealed_at: Date }>> {
    return this.sql.read<{ server_seed_hash: string; server_seed: string; revealed_at: Date }>(
      `SELECT server_seed_hash, server_seed, revealed_at FROM seed_pairs
        WHERE revealed_at > $1 AND NOT active ORDER BY revealed_at LIMIT $2`,
      [from, limit],
    );
  }
}
