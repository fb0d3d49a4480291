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
}

/** SQL for seed pairs. */
@Injectable()
export class SeedsRepository {
  async insert(db: Queryable, userId: string, serverSeed: string, serverSeedHash: string, clientSeed: string): Promise<SeedPairRow> {
    const res = await db.query<SeedPairRow>(
      `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed) VALUES ($1, $2, $3, $4) RETURNING *`,
      [userId, serverSeed, serverSeedHash, clientSeed],
    );
    return res.rows[0];
  }

  async active(db: Queryable, userId: string, forUpdate = false): Promise<SeedPairRow | null> {
    const res = await db.query<SeedPairRow>(`SELECT * FROM seed_pairs WHERE user_id = $1 AND active ${forUpdate ? 'FOR UPDATE' : ''}`, [userId]);
    return res.rows[0] ?? null;
  }

  async byId(db: Queryable, id: string): Promise<SeedPairRow | null> {
    const res = await db.query<SeedPairRow>(`SELECT * FROM seed_pairs WHERE id = $1`, [id]);
    return res.rows[0] ?? null;
  }

  async reveal(db: Queryable, id: string): Promise<SeedPairRow> {
    const res = await db.query<SeedPairRow>(`UPDATE seed_pairs SET active = false, revealed_at = now() WHERE id = $1 RETURNING *`, [id]);
    return res.rows[0];
  }

  async revealed(db: Queryable, userId: string, limit: number): Promise<SeedPairRow[]> {
    const res = await db.query<SeedPairRow>(`SELECT * FROM seed_pairs WHERE user_id = $1 AND NOT active ORDER BY id DESC LIMIT $2`, [userId, limit]);
    return res.rows;
  }

  /** Takes the next nonce of the active pair for a multi-step round (locked by the caller's transaction). */
  async takeNonce(db: Queryable, userId: string): Promise<{ pair: SeedPairRow; nonce: bigint }> {
    const res = await db.query<SeedPairRow>(`UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = $1 AND active RETURNING *`, [userId]);
    const pair = res.rows[0];
    if (!pair) throw new Error(`user ${userId} has no active seed pair`);
    return { pair, nonce: BigInt(pair.nonce) - 1n };
  }

  async openRounds(db: Queryable, seedPairId: string): Promise<string[]> {
    const res = await db.query<{ game: string }>(`SELECT game FROM game_rounds WHERE seed_pair_id = $1 AND status = 'open'`, [seedPairId]);
    return res.rows.map((r) => r.game);
  }
}
