import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AMINA in and out. A deposit is credited once per chain transaction id (primary key); a
 * withdrawal keeps its signed bytes before broadcast so a retry resends the same transaction.
 */
export class Cashier1763700300000 implements MigrationInterface {
  name = 'Cashier1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_intents (
        id          uuid PRIMARY KEY,
        user_id     bigint NOT NULL REFERENCES users(id),
        amount      bigint NOT NULL CHECK (amount > 0),
        tx_id       text,
        notified_at timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX deposit_intents_user_idx ON deposit_intents (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE chain_deposits (
        tx_id       text PRIMARY KEY,
        sender      text NOT NULL,
        amount      bigint NOT NULL CHECK (amount >= 0),
        round       bigint NOT NULL,
        note        bytea,
        user_id     bigint REFERENCES users(id),
        intent_id   uuid REFERENCES deposit_intents(id),
        status      text NOT NULL CHECK (status IN ('credited', 'parked', 'resolved')),
        reason      text,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX chain_deposits_user_idx ON chain_deposits (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE withdrawals (
        id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id      bigint NOT NULL REFERENCES users(id),
        amount       bigint NOT NULL CHECK (amount > 0),
        to_address   text NOT NULL,
        status       text NOT NULL CHECK (status IN ('pending', 'signed', 'confirmed', 'refunded')),
        lease        bytea NOT NULL,
        tx_id        text UNIQUE,
        signed_txn   bytea,
        last_valid   bigint,
        error        text,
        attempts     int NOT NULL DEFAULT 0,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX withdrawals_open_idx ON withdrawals (status) WHERE status IN ('pending', 'signed')`);
    await q.query(`CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE withdrawals');
    await q.query('DROP TABLE chain_deposits');
    await q.query('DROP TABLE deposit_intents');
  }
}
