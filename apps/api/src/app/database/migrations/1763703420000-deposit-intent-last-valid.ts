import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deposit intent keeps the last round its built transfer is valid for: once the deposit watcher
 * has scanned past it with no transfer for the intent, the transfer can never land, and the
 * cashier's history says "not sent" (cashier/transactions.service.ts). Intents built before this
 * have none, and keep showing as awaiting a signature for their day.
 */
export class DepositIntentLastValid1763703420000 implements MigrationInterface {
  name = 'DepositIntentLastValid1763703420000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposit_intents ADD COLUMN last_valid bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposit_intents DROP COLUMN last_valid`);
  }
}
