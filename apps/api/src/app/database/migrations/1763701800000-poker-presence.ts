import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each seated poker player was last connected (issue 29, item 11): every instance stamps the
 * seats of the players holding a poker socket to it, and the instance running a table cashes out
 * a seat whose player has been gone longer than the away time (chips back as HC, as Cash Out
 * would), so a closed tab no longer leaves a seat behind that the table waits on.
 */
export class PokerPresence1763701800000 implements MigrationInterface {
  name = 'PokerPresence1763701800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE poker_seats ADD COLUMN seen_at timestamptz NOT NULL DEFAULT now()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE poker_seats DROP COLUMN seen_at`);
  }
}
