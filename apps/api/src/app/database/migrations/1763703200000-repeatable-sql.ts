import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of the repeatable step (database/repeatable-sql.ts): the checksum of each live SQL
 * file (`<module>/sql/<function>.sql`) as last applied. From here on a function's body changes in
 * its file, not in a new migration.
 */
export class RepeatableSql1763703200000 implements MigrationInterface {
  name = 'RepeatableSql1763703200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE repeatable_sql (
        name text PRIMARY KEY,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE repeatable_sql`);
  }
}
