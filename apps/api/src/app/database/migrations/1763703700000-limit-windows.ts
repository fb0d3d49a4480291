import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responsible-gaming limits over three rolling windows (24 hours, 7 days, 30 days), of three kinds:
 * net loss and amount wagered per currency (enforced by check_play_allowed() on every bet) and
 * AMINA deposits (enforced by the cashier). One row per (player, kind, currency, window): the live
 * limit the guards read and any raise or removal waiting for its cool-off, promoted into `live`
 * once `pending_at` has passed (responsible-gaming/responsible-gaming.repository.ts). The daily
 * loss limits move here as the 24-hour loss limits, pending changes included; player_limits keeps
 * one row per player that the guards lock, and the time-out or self-exclusion.
 *
 * Time-outs and self-exclusions: `exclusion_kind` says which one `self_excluded_until` is, and
 * `play_confirm_needed` keeps play refused after it ends until the player confirms.
 *
 * A deposit beyond the deposit limit is credited with its excess locked from play until
 * `locked_until` (cashier/deposits.service.ts); `play_locked` is that excess.
 */
export class LimitWindows1763703700000 implements MigrationInterface {
  name = 'LimitWindows1763703700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE player_limit_windows (
        user_id     bigint NOT NULL REFERENCES users(id),
        kind        text NOT NULL CHECK (kind IN ('loss', 'wager', 'deposit')),
        currency    currency NOT NULL,
        period      text NOT NULL CHECK (period IN ('24h', '7d', '30d')),
        live        bigint CHECK (live > 0),
        pending_value bigint CHECK (pending_value > 0),
        pending_at  timestamptz,
        updated_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, kind, currency, period),
        CHECK (pending_value IS NULL OR pending_at IS NOT NULL),
        CHECK (kind <> 'deposit' OR currency = 'AMINA')
      )`);
    await q.query(`CREATE INDEX player_limit_windows_pending_idx ON player_limit_windows (pending_at) WHERE pending_at IS NOT NULL`);
    await q.query(`
      INSERT INTO player_limit_windows (user_id, kind, currency, period, live, pending_value, pending_at)
        SELECT user_id, 'loss', 'HC'::currency, '24h', daily_loss_limit_hc, pending_limit_hc, pending_hc_at FROM player_limits
         WHERE daily_loss_limit_hc IS NOT NULL OR pending_hc_at IS NOT NULL
        UNION ALL
        SELECT user_id, 'loss', 'AMINA'::currency, '24h', daily_loss_limit_amina, pending_limit_amina, pending_amina_at FROM player_limits
         WHERE daily_loss_limit_amina IS NOT NULL OR pending_amina_at IS NOT NULL`);
    await q.query('DROP INDEX player_limits_pending_idx');
    await q.query(`
      ALTER TABLE player_limits
        DROP COLUMN daily_loss_limit_hc, DROP COLUMN daily_loss_limit_amina,
        DROP COLUMN pending_limit_hc, DROP COLUMN pending_hc_at,
        DROP COLUMN pending_limit_amina, DROP COLUMN pending_amina_at,
        ADD COLUMN exclusion_kind text CHECK (exclusion_kind IN ('time-out', 'self-exclusion')),
        ADD COLUMN play_confirm_needed boolean NOT NULL DEFAULT false`);
    await q.query(
      `UPDATE player_limits SET exclusion_kind = 'self-exclusion', play_confirm_needed = self_excluded_until > now() WHERE self_excluded_until IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE chain_deposits
        ADD COLUMN play_locked  bigint NOT NULL DEFAULT 0 CHECK (play_locked >= 0 AND play_locked <= amount),
        ADD COLUMN locked_until timestamptz,
        ADD CONSTRAINT chain_deposits_lock_has_time CHECK (play_locked = 0 OR locked_until IS NOT NULL)`);
    await q.query(`CREATE INDEX chain_deposits_locked_idx ON chain_deposits (user_id, locked_until) WHERE play_locked > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX chain_deposits_locked_idx');
    await q.query(`
      ALTER TABLE chain_deposits DROP CONSTRAINT chain_deposits_lock_has_time, DROP COLUMN locked_until, DROP COLUMN play_locked`);
    await q.query(`
      ALTER TABLE player_limits
        DROP COLUMN play_confirm_needed, DROP COLUMN exclusion_kind,
        ADD COLUMN daily_loss_limit_hc bigint CHECK (daily_loss_limit_hc > 0),
        ADD COLUMN daily_loss_limit_amina bigint CHECK (daily_loss_limit_amina > 0),
        ADD COLUMN pending_limit_hc bigint CHECK (pending_limit_hc > 0),
        ADD COLUMN pending_hc_at timestamptz,
        ADD COLUMN pending_limit_amina bigint CHECK (pending_limit_amina > 0),
        ADD COLUMN pending_amina_at timestamptz,
        ADD CONSTRAINT player_limits_pending_hc_has_time CHECK (pending_limit_hc IS NULL OR pending_hc_at IS NOT NULL),
        ADD CONSTRAINT player_limits_pending_amina_has_time CHECK (pending_limit_amina IS NULL OR pending_amina_at IS NOT NULL)`);
    await q.query(`
      UPDATE player_limits l SET daily_loss_limit_hc = w.live, pending_limit_hc = w.pending_value, pending_hc_at = w.pending_at
        FROM player_limit_windows w WHERE w.user_id = l.user_id AND w.kind = 'loss' AND w.currency = 'HC' AND w.period = '24h'`);
    await q.query(`
      UPDATE player_limits l SET daily_loss_limit_amina = w.live, pending_limit_amina = w.pending_value, pending_amina_at = w.pending_at
        FROM player_limit_windows w WHERE w.user_id = l.user_id AND w.kind = 'loss' AND w.currency = 'AMINA' AND w.period = '24h'`);
    await q.query(`CREATE INDEX player_limits_pending_idx ON player_limits (user_id) WHERE pending_hc_at IS NOT NULL OR pending_amina_at IS NOT NULL`);
    await q.query('DROP TABLE player_limit_windows');
  }
}
