import { Injectable } from '@nestjs/common';
import { Queryable } from '../database/sql.service';

/** A seed pair row. */
export interface SeedPairRow {
  id: string;
  user_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: string;
  active: boolean;
  created_at: Date;
  revealed_at: Date | null;
  /** The committed successor: secret while the pair is active, cleared once it is promoted. */
  next_server_seed: string | null;
  /** SHA-256 of the successor; kept after the rotation as the link to the next pair. */
  next_server_seed_hash: string | null;
}

/** The fields of the active pair an instant bet reads (the seed cache's load). */
export type ActivePairRow = Pick<SeedPairRow, 'id' | 'server_seed' | 'server_seed_hash' | 'client_seed' | 'nonce'>;

/** A server seed and its SHA-256 (hex of the ASCII string). */
export interface ServerSeed {
  serverSeed: string;
  serverSeedHash: string;
}

/** SQL for seed pairs. */
@Injectable()
export class SeedsRepository {
  /** Starts an active pair on `current`, committed to `next` as its successor. */
  async insert(
    db: Queryable,
    userId: string,
    current: ServerSeed,
    clientSeed: string,
    next: ServerSeed,
  ): Promise<SeedPairRow> {
    const res = await db.query<SeedPairRow>(
      `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, next_server_seed, next_server_seed_hash)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [userId, current.serverSeed, current.serverSeedHash, clientSeed, next.serverSeed, next.serverSeedHash],
    );
    return res.rows[0];
  }

  async active(db: Queryable, userId: string, forUpdate = false): Promise<SeedPairRow | null> {
    const res = await db.query<SeedPairRow>(
      `SELECT * FROM seed_pairs WHERE user_id = $1 AND active ${forUpdate ? 'FOR UPDATE' : ''}`,
      [userId],
    );
    return res.rows[0] ?? null;
  }

  /**
   * The active pair as an instant bet needs it: a named prepared statement, since every bet that
   * misses the seed cache (a player's first, another instance's move) reads it on the hot path.
   */
  async activeForBet(db: Queryable, userId: string): Promise<ActivePairRow | null> {
    const res = await db.query<ActivePairRow>({
      name: 'seed_active',
      text: `SELECT id, server_seed, server_seed_hash, client_seed, nonce FROM seed_pairs WHERE user_id = $1 AND active`,
      values: [userId],
    });
    return res.rows[0] ?? null;
  }

  async byId(db: Queryable, id: string): Promise<SeedPairRow | null> {
    const res = await db.query<SeedPairRow>(`SELECT * FROM seed_pairs WHERE id = $1`, [id]);
    return res.rows[0] ?? null;
  }

  /** Ends a pair: its server seed becomes public; its successor's secret moves on (only the hash stays). */
  async reveal(db: Queryable, id: string): Promise<SeedPairRow> {
    const res = await db.query<SeedPairRow>(
      `UPDATE seed_pairs SET active = false, revealed_at = now(), next_server_seed = NULL WHERE id = $1 RETURNING *`,
      [id],
    );
    return res.rows[0];
  }

  async revealed(db: Queryable, userId: string, limit: number): Promise<SeedPairRow[]> {
    const res = await db.query<SeedPairRow>(
      `SELECT * FROM seed_pairs WHERE user_id = $1 AND NOT active ORDER BY id DESC LIMIT $2`,
      [userId, limit],
    );
    return res.rows;
  }

  async openRounds(db: Queryable, seedPairId: string): Promise<string[]> {
    const res = await db.query<{ game: string }>(
      `SELECT game FROM game_rounds WHERE seed_pair_id = $1 AND status = 'open'`,
      [seedPairId],
    );
    return res.rows.map((r) => r.game);
  }
}
