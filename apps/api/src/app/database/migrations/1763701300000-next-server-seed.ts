import { createHash, randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 5_000;

/**
 * Commitment to the next server seed: every active seed pair carries the server seed that the
 * next rotation will promote, so its SHA-256 is shown before the player chooses a client seed
 * and the server cannot draw a seed to suit that client seed. A rotation moves the pending seed
 * into the new pair and clears the secret from the ended one, whose `next_server_seed_hash` stays
 * as the link of the chain (it equals the following pair's `server_seed_hash`).
 * Existing active pairs get their pending seed here, drawn with Node's CSPRNG like every other.
 */
export class NextServerSeed1763701300000 implements MigrationInterface {
  name = 'NextServerSeed1763701300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE seed_pairs
        ADD COLUMN next_server_seed      text CHECK (next_server_seed ~ '^[0-9a-f]{64}$'),
        ADD COLUMN next_server_seed_hash text,
        ADD CONSTRAINT seed_pairs_next_has_hash CHECK (next_server_seed IS NULL OR next_server_seed_hash IS NOT NULL)`);
    for (;;) {
      const rows: Array<{ id: string }> = await q.query(`SELECT id FROM seed_pairs WHERE active AND next_server_seed IS NULL ORDER BY id LIMIT ${BATCH}`);
      if (!rows.length) break;
      const seeds = rows.map(() => randomBytes(32).toString('hex'));
      const hashes = seeds.map((s) => createHash('sha256').update(s, 'ascii').digest('hex'));
      await q.query(
        `UPDATE seed_pairs sp SET next_server_seed = t.seed, next_server_seed_hash = t.hash
           FROM unnest($1::bigint[], $2::text[], $3::text[]) AS t(id, seed, hash) WHERE sp.id = t.id`,
        [rows.map((r) => r.id), seeds, hashes],
      );
    }
    // from here on an active pair without a committed successor cannot exist
    await q.query(`ALTER TABLE seed_pairs ADD CONSTRAINT seed_pairs_active_has_next CHECK (NOT active OR next_server_seed IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE seed_pairs
        DROP CONSTRAINT seed_pairs_active_has_next,
        DROP CONSTRAINT seed_pairs_next_has_hash,
        DROP COLUMN next_server_seed_hash,
        DROP COLUMN next_server_seed`);
  }
}
