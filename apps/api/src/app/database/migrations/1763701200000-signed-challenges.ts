import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in by signature: a challenge keeps the exact text the wallet signs (which names the site's
 * origin, the address, the purpose and the nonce), what it is for (sign-in, or a withdrawal to
 * another address) and, for a withdrawal, the destination and amount it authorises.
 */
export class SignedChallenges1763701200000 implements MigrationInterface {
  name = 'SignedChallenges1763701200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ownership_challenges
        ADD COLUMN purpose text NOT NULL DEFAULT 'sign-in' CHECK (purpose IN ('sign-in', 'withdraw')),
        ADD COLUMN message text,
        ADD COLUMN domain text,
        ADD COLUMN to_address text,
        ADD COLUMN amount bigint CHECK (amount > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ownership_challenges DROP COLUMN purpose, DROP COLUMN message, DROP COLUMN domain, DROP COLUMN to_address, DROP COLUMN amount`);
  }
}
