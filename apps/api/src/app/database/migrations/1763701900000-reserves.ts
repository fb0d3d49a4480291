import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of reserves: one row per snapshot (root, total owed, ledger position, the house's AMINA
 * read from the node, the anchoring transaction) and one leaf per player with that snapshot's salt,
 * from which the tree and every player's proof are rebuilt.
 */
export class Reserves1763701900000 implements MigrationInterface {
  name = 'Reserves1763701900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reserves_snapshots (
        id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        taken_at         timestamptz NOT NULL DEFAULT now(),
        ledger_position  bigint NOT NULL CHECK (ledger_position >= 0),
        root_hash        text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
        liabilities      bigint NOT NULL CHECK (liabilities >= 0),
        leaf_count       int NOT NULL CHECK (leaf_count >= 0),
        reserves         bigint NOT NULL CHECK (reserves >= 0),
        reserves_round   bigint NOT NULL,
        anchor_tx_id     text UNIQUE,
        anchor_round     bigint
      )`);
    await q.query(`CREATE INDEX reserves_snapshots_unanchored_idx ON reserves_snapshots (id) WHERE anchor_round IS NULL`);
    await q.query(`
      CREATE TABLE reserves_leaves (
        snapshot_id  bigint NOT NULL REFERENCES reserves_snapshots(id) ON DELETE CASCADE,
        user_id      bigint NOT NULL REFERENCES users(id),
        salt         bytea NOT NULL CHECK (length(salt) = 32),
        balance      bigint NOT NULL CHECK (balance >= 0),
        PRIMARY KEY (snapshot_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reserves_leaves');
    await q.query('DROP TABLE reserves_snapshots');
  }
}
