import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Poker tables shared by every API instance (issue 28, part 1). One row per table:
 * - the instance that runs it and its lease (renewed while it lives, taken over once it runs
 *   out); `epoch` grows on every takeover and fences a former owner's late writes (a hand it
 *   records, a buy-in or a cash-out must still find its own epoch here);
 * - the owner's latest snapshot of the table (the public view plus each seated player's private
 *   part) with a version, so the other instances relay it to their sockets after a NOTIFY that
 *   carries only the table and the version; the hand history is kept apart and rewritten only
 *   when a hand joins it.
 */
export class PokerTableLeases1763701700000 implements MigrationInterface {
  name = 'PokerTableLeases1763701700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE poker_table_leases (
        table_id         text PRIMARY KEY,
        instance_id      text NOT NULL,
        epoch            bigint NOT NULL DEFAULT 1,
        lease_until      timestamptz NOT NULL,
        version          bigint NOT NULL DEFAULT 0,
        snapshot         jsonb,
        history_version  bigint NOT NULL DEFAULT 0,
        history          jsonb NOT NULL DEFAULT '[]',
        updated_at       timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE poker_table_leases');
  }
}
