import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live feed's poller reads the seed pairs revealed in the last seconds (every 300 ms, on each
 * API instance) so rows of a rotated pair gain their verify link without a reload: an index on
 * revealed_at keeps that read off a scan of every pair ever created (active pairs have none).
 */
export class SeedPairsRevealedAt1763702400000 implements MigrationInterface {
  name = 'SeedPairsRevealedAt1763702400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX seed_pairs_revealed_at_idx ON seed_pairs (revealed_at) WHERE revealed_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX seed_pairs_revealed_at_idx`);
  }
}
