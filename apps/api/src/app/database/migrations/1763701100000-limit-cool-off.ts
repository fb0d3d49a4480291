import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responsible-gaming cool-off: raising or removing a daily loss limit is stored as a pending
 * change and promoted into the live column once its time has come (by the API when limits are
 * read or written, and by a job every minute). The bet path's SQL keeps reading only the live
 * columns, so until promotion the lower limit applies. A pending change exists when its `_at` is
 * set; a NULL value with a time is a pending removal.
 */
export class LimitCoolOff1763701100000 implements MigrationInterface {
  name = 'LimitCoolOff1763701100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE player_limits
        ADD COLUMN pending_limit_hc    bigint CHECK (pending_limit_hc > 0),
        ADD COLUMN pending_hc_at       timestamptz,
        ADD COLUMN pending_limit_amina bigint CHECK (pending_limit_amina > 0),
        ADD COLUMN pending_amina_at    timestamptz,
        ADD CONSTRAINT player_limits_pending_hc_has_time CHECK (pending_limit_hc IS NULL OR pending_hc_at IS NOT NULL),
        ADD CONSTRAINT player_limits_pending_amina_has_time CHECK (pending_limit_amina IS NULL OR pending_amina_at IS NOT NULL)`);
    // the promotion job looks only at rows with something pending
    await q.query(`CREATE INDEX player_limits_pending_idx ON player_limits (user_id) WHERE pending_hc_at IS NOT NULL OR pending_amina_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX player_limits_pending_idx');
    await q.query(`
      ALTER TABLE player_limits
        DROP CONSTRAINT player_limits_pending_amina_has_time,
        DROP CONSTRAINT player_limits_pending_hc_has_time,
        DROP COLUMN pending_amina_at,
        DROP COLUMN pending_limit_amina,
        DROP COLUMN pending_hc_at,
        DROP COLUMN pending_limit_hc`);
  }
}
