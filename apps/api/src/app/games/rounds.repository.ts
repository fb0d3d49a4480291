import { Injectable } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { Queryable, SqlService } from '../database/sql.service';
import { ConflictError } from '../common/domain-error';
import type { ActivePair } from './seed-cache';

/** An open or settled multi-step round (hi-lo run, blackjack hand, free spins). */
export interface RoundRow<S> {
  id: string;
  user_id: string;
  game: string;
  status: 'open' | 'settled';
  currency: Currency;
  stake: string;
  /** What the round has debited so far (counts toward today's loss while it is open). */
  staked: string;
  seed_pair_id: string;
  nonce: string;
  state: S;
  bet_id: string | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /**
   * The round's pair's nonce as read: the nonce an action that draws (a slots free spin) plays at;
   * for a replayed draw, the nonce it drew at.
   */
  pair_nonce: string;
}

/** An open round, locked, with the player's balance in its currency as the lock found it. */
export type OpenRound<S> = RoundRow<S> & { balance: string; seen: string };

/**
 * An open round read without a lock, with the row's version as read (xmin: what round_act()
 * compares) and what the read found of the session that asked: live (not revoked, not expired),
 * and proven (its wallet signed).
 */
export type SeenRound<S> = RoundRow<S> & { seen: string; session_live: boolean; session_proven: boolean };

/** What a keyed round write (round_act(), round_open()) left under its Idempotency-Key (writtenUnder). */
export interface RoundWritten<S> {
  /** The round as it is now, with its pair. */
  round: RoundRow<S>;
  /** The round's state before the action; null when the write opened it. */
  before: S | null;
  /** The bet the action settled, when it ended the round. */
  betId: string | null;
  /** The balance right after the write. */
  balance: bigint;
}

/** The player's active seed pair, row-locked, and its nonce (lockPair). */
export interface LockedPair {
  pairId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: bigint;
}

/** Statements that find no active pair are run again this many times (a rotation was replacing it). */
const ROTATION_RETRIES = 4;

/**
 * Runs a statement on the player's active seed pair. A rotation that commits while the statement
 * waits on the old pair's row lock leaves it matching nothing (the old row is no longer active,
 * and the new one was not in its snapshot); the same statement run again sees the new pair.
 * Still nothing after a few tries: 409, never a 500.
 */
async function activePairStatement<R>(run: () => Promise<{ rows: R[] }>): Promise<R> {
  for (let attempt = 0; attempt <= ROTATION_RETRIES; attempt++) {
    const res = await run();
    if (res.rows[0]) return res.rows[0];
  }
  throw new ConflictError('Your seed pair is being rotated: try again');
}

/**
 * SQL for game rounds: opening one, and the reads of an open round that an action is computed from
 * (without a lock, or locked for the round runner's one fallback); round_act() writes the action.
 */
@Injectable()
export class RoundsRepository {
  constructor(private readonly sql: SqlService) {}

  /**
   * The player's active pair, row-locked for this transaction, and its nonce now: a write at that
   * nonce in this transaction finds it unmoved (the locked ways, games/round-open.ts and
   * games/slots.service.ts), and an action that draws at the pair's nonce (a slots free spin) finds
   * it where it read it. Taken before the player's round, as every bet takes its rows, so two such
   * steps (a double click) run one after the other and the second sees the first's round. The lock
   * is FOR NO KEY UPDATE (the nonce is not a key): it does not block the key-share lock that
   * inserting a bet row (its foreign key to the pair) takes, so it cannot deadlock with a blackjack
   * step settling meanwhile.
   */
  async lockPair(db: Queryable, userId: string): Promise<LockedPair> {
    const r = await activePairStatement(() =>
      db.query<{ id: string; server_seed: string; server_seed_hash: string; client_seed: string; nonce: string }>(
        `SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM seed_pairs WHERE user_id = $1 AND active FOR NO KEY UPDATE`,
        [userId],
      ),
    );
    return {
      pairId: String(r.id),
      serverSeed: r.server_seed,
      serverSeedHash: r.server_seed_hash,
      clientSeed: r.client_seed,
      nonce: BigInt(r.nonce),
    };
  }

  /**
   * The player's open round of this game, locked for this transaction, with its version (xmin) and
   * the player's balance in the round's currency.
   */
  async lockOpen<S>(db: Queryable, userId: string, game: string): Promise<OpenRound<S> | null> {
    const res = await db.query<OpenRound<S>>(
      `SELECT r.*, r.xmin::text AS seen, s.server_seed, s.server_seed_hash, s.client_seed, s.nonce::text AS pair_nonce,
              (SELECT b.amount FROM balances b WHERE b.user_id = r.user_id AND b.currency = r.currency) AS balance
         FROM game_rounds r JOIN seed_pairs s ON s.id = r.seed_pair_id
        WHERE r.user_id = $1 AND r.game = $2 AND r.status = 'open'
        FOR UPDATE OF r`,
      [userId, game],
    );
    return res.rows[0] ?? null;
  }

  /**
   * The player's active pair, read in one snapshot with the finding that they have no open round
   * of `game`; null when they have one (or no active pair). Every round opens and closes with a
   * nonce of the pair (lockPair), so a bet that place_bet() accepts at this nonce proves that no
   * round was opened since either.
   */
  async pairUnlessOpen(db: Queryable, userId: string, game: string): Promise<ActivePair | null> {
    const res = await db.query<{
      id: string;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: string;
    }>({
      name: 'seed_pair_unless_round',
      text: `SELECT s.id, s.server_seed, s.server_seed_hash, s.client_seed, s.nonce
               FROM seed_pairs s
              WHERE s.user_id = $1 AND s.active
                AND NOT EXISTS (SELECT 1 FROM game_rounds r WHERE r.user_id = $1 AND r.game = $2 AND r.status = 'open')`,
      values: [userId, game],
    });
    const r = res.rows[0];
    return r
      ? {
          pairId: String(r.id),
          serverSeed: r.server_seed,
          serverSeedHash: r.server_seed_hash,
          clientSeed: r.client_seed,
          nonce: BigInt(r.nonce),
        }
      : null;
  }

  /**
   * The id of the bet at `nonce` of pair `pairId`: a round's opening bet (the paid spin that
   * awarded its free spins), committed with the round. A pair's nonce has one bet at most.
   */
  async betAt(pairId: string, nonce: bigint): Promise<string> {
    const [row] = await this.sql.query<{ id: string }>(
      `SELECT id::text AS id FROM bets WHERE seed_pair_id = $1 AND nonce = $2`,
      [pairId, nonce.toString()],
      // prepared: planned each time, a read of bets (a partition a week) costs more to plan than to run
      'bet_at_nonce',
    );
    if (!row) throw new Error(`no bet at nonce ${nonce} of seed pair ${pairId}`);
    return row.id;
  }

  /**
   * The player's open round of this game, not locked, with the asking session's state: what an
   * action is computed from (round-runner.ts), and its session check.
   */
  async readOpen<S>(tokenHash: Buffer, userId: string, game: string): Promise<SeenRound<S> | null> {
    const rows = await this.sql.query<SeenRound<S>>(
      `SELECT r.*, r.xmin::text AS seen, s.server_seed, s.server_seed_hash, s.client_seed, s.nonce::text AS pair_nonce,
              ses.user_id IS NOT NULL AS session_live, ses.ownership_verified_at IS NOT NULL AS session_proven
         FROM game_rounds r JOIN seed_pairs s ON s.id = r.seed_pair_id
         LEFT JOIN sessions ses ON ses.token_hash = $3 AND ses.user_id = r.user_id
                               AND ses.revoked_at IS NULL AND ses.expires_at > now()
        WHERE r.user_id = $1 AND r.game = $2 AND r.status = 'open'`,
      [userId, game, tokenHash],
      'round_read_open',
    );
    return rows[0] ?? null;
  }

  /**
   * What a keyed round_act() or round_open() wrote under the key for this request (same hash, no
   * answer stored: a game's answer is played again from this, PendingClaim.keyRow): the round of `game` as it is now, with its
   * pair; its state before the action (null for the opening, which had none); the bet the action
   * settled (or null) and the balance after it. Null when the key names no round write.
   */
  async writtenUnder<S>(userId: string, key: string, hash: string, game: string): Promise<RoundWritten<S> | null> {
    const [row] = await this.sql.query<
      RoundRow<S> & { written: { before?: S; roundBet?: string | null; balance: string } }
    >(
      `SELECT r.*, s.server_seed, s.server_seed_hash, s.client_seed, k.response AS written,
              COALESCE((SELECT b.nonce FROM bets b WHERE b.id = (k.response->>'roundBet')::bigint), s.nonce)::text AS pair_nonce
         FROM idempotency_keys k
         JOIN game_rounds r ON r.id = (k.response->>'round')::bigint AND r.user_id = k.user_id AND r.game = $4
         JOIN seed_pairs s ON s.id = r.seed_pair_id
        WHERE k.user_id = $1 AND k.key = $2 AND k.request_hash = $3 AND k.status_code = 0
          AND jsonb_typeof(k.response) = 'object'`,
      [userId, key, hash, game],
    );
    if (!row) return null;
    const { written, ...round } = row;
    return {
      round,
      before: written.before ?? null,
      betId: written.roundBet ?? null,
      balance: BigInt(written.balance),
    };
  }

  /** The player's latest settled round of this game. */
  async lastSettled<S>(db: Queryable, userId: string, game: string): Promise<RoundRow<S> | null> {
    const res = await db.query<RoundRow<S>>({
      name: 'round_last_settled',
      text: `SELECT r.*, s.server_seed, s.server_seed_hash, s.client_seed, s.nonce::text AS pair_nonce
               FROM game_rounds r JOIN seed_pairs s ON s.id = r.seed_pair_id
              WHERE r.user_id = $1 AND r.game = $2 AND r.status = 'settled' ORDER BY r.id DESC LIMIT 1`,
      values: [userId, game],
    });
    return res.rows[0] ?? null;
  }
}
