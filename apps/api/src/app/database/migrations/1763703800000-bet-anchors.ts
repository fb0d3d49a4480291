import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bet anchors (issue 43): every few minutes the bets settled since the last anchor become the
 * leaves of a Merkle tree whose root, with the previous anchor's root, goes in the note of a house
 * transaction (apps/api/src/app/anchors). `anchors` holds one row per tree and its transaction;
 * `anchor_bets` the leaves, one per bet, in tree order, each the SHA-256 of the bet's canonical
 * record as it was anchored (no foreign key to bets: bets is partitioned by time and old weeks are
 * archived). Bets, ledger and balances are only read.
 *
 * The chain of roots cannot fork: each anchor names the one before it, and no two anchors (nor two
 * first anchors) name the same one.
 */
export class BetAnchors1763703800000 implements MigrationInterface {
  name = 'BetAnchors1763703800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE anchors (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at     timestamptz NOT NULL DEFAULT now(),
        previous_id    bigint REFERENCES anchors(id),
        root_hash      text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
        previous_root  text CHECK (previous_root ~ '^[0-9a-f]{64}$'),
        bet_count      int NOT NULL CHECK (bet_count > 0),
        tx_id          text CHECK (tx_id ~ '^[A-Z2-7]{52}$'),
        tx_last_valid  bigint,
        tx_round       bigint,
        CHECK ((previous_id IS NULL) = (previous_root IS NULL)),
        CHECK (tx_round IS NULL OR tx_id IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX anchors_previous_idx ON anchors (previous_id)`);
    await q.query(`CREATE UNIQUE INDEX anchors_one_first_idx ON anchors ((true)) WHERE previous_id IS NULL`);
    await q.query(`CREATE INDEX anchors_unconfirmed_idx ON anchors (id) WHERE tx_round IS NULL`);
    await q.query(`
      CREATE TABLE anchor_bets (
        bet_id     bigint PRIMARY KEY,
        anchor_id  bigint NOT NULL REFERENCES anchors(id),
        position   int NOT NULL CHECK (position >= 0),
        leaf       bytea NOT NULL CHECK (length(leaf) = 32),
        UNIQUE (anchor_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE anchor_bets`);
    await q.query(`DROP TABLE anchors`);
  }
}
