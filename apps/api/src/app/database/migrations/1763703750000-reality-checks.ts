import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reality checks: each player chooses how often play pauses to show the session's time and net
 * result, per currency (player_limits: seconds, NULL off). House Coins default to off; AMINA play
 * always has one, every hour unless the player picks a shorter interval.
 *
 * play_sessions holds one session per player and currency: started by the first bet (or the first
 * after 30 minutes without one, or after the player left), `due_at` the moment the next reality
 * check falls due. check_play_allowed() refuses a stake while it is due until the player
 * acknowledges it (responsible-gaming/sql/reality_check_gate.sql).
 */
export class RealityChecks1763703750000 implements MigrationInterface {
  name = 'RealityChecks1763703750000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE player_limits
        ADD COLUMN reality_check_hc integer CHECK (reality_check_hc > 0),
        ADD COLUMN reality_check_amina integer NOT NULL DEFAULT 3600 CHECK (reality_check_amina > 0)`);
    await q.query(`
      CREATE TABLE play_sessions (
        user_id      bigint NOT NULL REFERENCES users(id),
        currency     currency NOT NULL,
        started_at   timestamptz,
        due_at       timestamptz,
        last_play_at timestamptz,
        PRIMARY KEY (user_id, currency),
        CHECK ((started_at IS NULL) = (due_at IS NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE play_sessions');
    await q.query('ALTER TABLE player_limits DROP COLUMN reality_check_amina, DROP COLUMN reality_check_hc');
  }
}
