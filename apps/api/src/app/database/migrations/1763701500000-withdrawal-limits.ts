import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Withdrawal limits and the refunded-but-paid flag: an index for a player's withdrawals of the
 * day (the daily maximum is summed under a lock on the player's row), and a flag reconciliation
 * sets on a refunded withdrawal whose transaction later turns up on chain (money paid twice).
 */
export class WithdrawalLimits1763701500000 implements MigrationInterface {
  name = 'WithdrawalLimits1763701500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE withdrawals
        ADD COLUMN flag text CHECK (flag IN ('paid-after-refund')),
        ADD COLUMN flagged_at timestamptz,
        ADD COLUMN paid_round bigint,
        ADD CONSTRAINT withdrawals_flag_when CHECK ((flag IS NULL) = (flagged_at IS NULL))`);
    await q.query(`CREATE INDEX withdrawals_user_day_idx ON withdrawals (user_id, created_at)`);
    await q.query(`CREATE INDEX withdrawals_flagged_idx ON withdrawals (flagged_at) WHERE flag IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX withdrawals_flagged_idx`);
    await q.query(`DROP INDEX withdrawals_user_day_idx`);
    await q.query(`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_flag_when, DROP COLUMN paid_round, DROP COLUMN flagged_at, DROP COLUMN flag`);
  }
}
