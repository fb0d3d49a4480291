import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An anchor keeps its transaction's signed bytes (apps/api/src/app/anchors/anchors.service.ts):
 * they are stored with the txid and last valid round before the first broadcast, and every later
 * pass sends those same bytes until they land or their last valid round is past, so a send whose
 * answer was lost never becomes a second transaction on chain. Anchors sent before this have none:
 * they are settled by finality alone, as before. A txid always comes with its last valid round.
 */
export class AnchorSignedTx1763704300000 implements MigrationInterface {
  name = 'AnchorSignedTx1763704300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE anchors ADD COLUMN tx_signed bytea`);
    await q.query(`ALTER TABLE anchors ADD CONSTRAINT anchors_tx_last_valid_check CHECK ((tx_id IS NULL) = (tx_last_valid IS NULL))`);
    await q.query(`ALTER TABLE anchors ADD CONSTRAINT anchors_tx_signed_check CHECK (tx_signed IS NULL OR tx_id IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE anchors DROP CONSTRAINT anchors_tx_signed_check`);
    await q.query(`ALTER TABLE anchors DROP CONSTRAINT anchors_tx_last_valid_check`);
    await q.query(`ALTER TABLE anchors DROP COLUMN tx_signed`);
  }
}
