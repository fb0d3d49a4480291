import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of reserves, version 2 (issue 37): a snapshot's leaves are its players' balances split into
 * random shares, padded and shuffled, all drawn from one secret seed per snapshot
 * (libs/game-engine/src/reserves/layout.ts). The snapshot keeps that seed; its rows in
 * reserves_leaves keep only each player's balance, the salts being drawn from the seed. Snapshots
 * taken before have no seed: their rows keep the per-player salts of the version 1 tree.
 */
export class ReservesLayoutSeed1763703000000 implements MigrationInterface {
  name = 'ReservesLayoutSeed1763703000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE reserves_snapshots ADD COLUMN layout_seed bytea CHECK (length(layout_seed) = 32)`,
    );
    await q.query(`ALTER TABLE reserves_leaves ALTER COLUMN salt DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reserves_snapshots WHERE layout_seed IS NOT NULL`);
    await q.query(`ALTER TABLE reserves_leaves ALTER COLUMN salt SET NOT NULL`);
    await q.query(`ALTER TABLE reserves_snapshots DROP COLUMN layout_seed`);
  }
}
