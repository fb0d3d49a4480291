import { MigrationInterface, QueryRunner } from 'typeorm';

/** Schema bootstrap: a key/value table for job watermarks and operator switches. */
export class Initial1763700000000 implements MigrationInterface {
  name = 'Initial1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_state (
        key        text PRIMARY KEY,
        value      jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE app_state');
  }
}
