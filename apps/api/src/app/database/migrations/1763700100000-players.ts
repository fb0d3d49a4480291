import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Players and money: users, sessions, balances with their ledger, seed pairs, bets, game rounds
 * and idempotency keys. Amounts are BIGINT base units (8 decimals) and never negative.
 */
export class Players1763700100000 implements MigrationInterface {
  name = 'Players1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TYPE currency AS ENUM ('HC', 'AMINA')`);
    await q.query(`
      CREATE TABLE users (
        id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        wallet_address         text NOT NULL UNIQUE,
        username               text NOT NULL,
        is_guest               boolean NOT NULL,
        last_allowance_at      timestamptz,
        created_at             timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sessions (
        token_hash  bytea PRIMARY KEY,
        user_id     bigint NOT NULL REFERENCES users(id),
        origin      text,
        ip          text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL,
        revoked_at  timestamptz,
        -- ownership is proven per session: typing an address into another browser proves nothing
        ownership_verified_at timestamptz
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id)`);
    await q.query(`
      CREATE TABLE balances (
        user_id   bigint NOT NULL REFERENCES users(id),
        currency  currency NOT NULL,
        amount    bigint NOT NULL CHECK (amount >= 0),
        PRIMARY KEY (user_id, currency)
      )`);
    await q.query(`
      CREATE TABLE ledger (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id        bigint NOT NULL REFERENCES users(id),
        currency       currency NOT NULL,
        delta          bigint NOT NULL,
        balance_after  bigint NOT NULL CHECK (balance_after >= 0),
        kind           text NOT NULL,
        ref            text,
        created_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_user_idx ON ledger (user_id, currency, id)`);
    await q.query(`
      CREATE TABLE seed_pairs (
        id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id           bigint NOT NULL REFERENCES users(id),
        server_seed       text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
        server_seed_hash  text NOT NULL,
        client_seed       text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
        nonce             bigint NOT NULL DEFAULT 0 CHECK (nonce >= 0),
        active            boolean NOT NULL DEFAULT true,
        created_at        timestamptz NOT NULL DEFAULT now(),
        revealed_at       timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX seed_pairs_one_active ON seed_pairs (user_id) WHERE active`);
    await q.query(`CREATE INDEX seed_pairs_user_idx ON seed_pairs (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE bets (
        id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id       bigint NOT NULL REFERENCES users(id),
        game          text NOT NULL,
        currency      currency NOT NULL,
        amount        bigint NOT NULL CHECK (amount >= 0),
        payout        bigint NOT NULL CHECK (payout >= 0),
        multiplier    text NOT NULL,
        seed_pair_id  bigint NOT NULL REFERENCES seed_pairs(id),
        nonce         bigint NOT NULL,
        outcome       jsonb NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        UNIQUE (seed_pair_id, nonce)
      )`);
    await q.query(`CREATE INDEX bets_user_idx ON bets (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE game_rounds (
        id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id       bigint NOT NULL REFERENCES users(id),
        game          text NOT NULL,
        status        text NOT NULL CHECK (status IN ('open', 'settled')),
        currency      currency NOT NULL,
        stake         bigint NOT NULL CHECK (stake >= 0),
        seed_pair_id  bigint NOT NULL REFERENCES seed_pairs(id),
        nonce         bigint NOT NULL,
        state         jsonb NOT NULL,
        bet_id        bigint REFERENCES bets(id),
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX game_rounds_one_open ON game_rounds (user_id, game) WHERE status = 'open'`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        user_id       bigint NOT NULL REFERENCES users(id),
        key           text NOT NULL,
        request_hash  text NOT NULL,
        status_code   int NOT NULL,
        response      jsonb NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`
      CREATE TABLE ownership_challenges (
        id           uuid PRIMARY KEY,
        user_id      bigint NOT NULL REFERENCES users(id),
        session_hash bytea NOT NULL,
        nonce        text NOT NULL,
        expires_at   timestamptz NOT NULL,
        used_at      timestamptz,
        created_at   timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['ownership_challenges', 'idempotency_keys', 'game_rounds', 'bets', 'seed_pairs', 'ledger', 'balances', 'sessions', 'users']) {
      await q.query(`DROP TABLE ${t}`);
    }
    await q.query('DROP TYPE currency');
  }
}
