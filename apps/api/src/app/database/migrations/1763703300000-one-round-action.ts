import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every action on an open round is now written by round_act() (settlement/sql/round_act.sql, applied
 * by the repeatable step): round_step() and round_settle(), which wrote some of them, are dropped.
 * down() leaves them dropped: the migrations that created them are still there to read.
 */
export class OneRoundAction1763703300000 implements MigrationInterface {
  name = 'OneRoundAction1763703300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS round_step(bytea, bigint, boolean, bigint, xid, jsonb, text, text)`);
    await q.query(
      `DROP FUNCTION IF EXISTS round_settle(bytea, bigint, boolean, bigint, xid, jsonb, bigint, bigint, text, text, text)`,
    );
    // the repeatable step records the files it applied: forget the two that are gone
    await q.query(`DELETE FROM repeatable_sql WHERE name IN ('round_step', 'round_settle')`);
  }

  async down(): Promise<void> {
    // nothing: a database going back past this migration runs 1763702600000 and 1763702700000's down()
  }
}
