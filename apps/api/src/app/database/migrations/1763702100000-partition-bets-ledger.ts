import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Weeks of partitions created ahead of the current one, here and by the partition job. */
export const PARTITION_WEEKS_AHEAD = 4;

/**
 * Bets and ledger split into one partition per week (issue 28, part 2), so their indexes stop
 * growing with the whole history: a week's partition is written while its week lasts, then only
 * read; the auditor sums it once (ledger_checkpoints) instead of on every run, and retention
 * (BET_RETENTION_DAYS) exports and detaches whole weeks.
 *
 * Partition key: created_at (DEFAULT now(), never set by the API), weeks starting Monday 00:00 UTC,
 * named bets_wYYYYMMDD / ledger_wYYYYMMDD after their first day. ensure_week_partitions(from, to)
 * creates the missing weeks of both tables; this migration creates them from the oldest row to
 * PARTITION_WEEKS_AHEAD weeks ahead, and the partition job keeps them ahead (there is no default
 * partition: a row of a week without partition would be refused, not parked).
 *
 * What stays unique, as PostgreSQL needs the partition key in every unique constraint:
 * - bets.id and ledger.id: identity sequences; the primary keys become (id, created_at).
 * - a bet's (seed_pair_id, nonce): unique inside each week's partition (its own unique index,
 *   made by ensure_week_partitions). Across weeks it holds because a nonce is handed out once:
 *   every path that writes a bet consumes its nonce from seed_pairs in the same transaction
 *   (place_bet()/place_bets() by compare-and-set on the pair's nonce, the round games when the
 *   round opens with nonce + 1, and a round settles once, under its row lock).
 * - game_rounds.bet_id no longer has a foreign key (a key into a partitioned table would have to
 *   carry created_at); it is written in the transaction that inserts the bet.
 * - ledger has no other unique key; deposits stay unique by chain_deposits.tx_id, retries by
 *   idempotency_keys, neither partitioned.
 *
 * Existing rows are moved into the partitions inside this migration's transaction (bets and
 * ledger are locked meanwhile), ids kept; the sequences continue after the highest id.
 */
export class PartitionBetsLedger1763702100000 implements MigrationInterface {
  name = 'PartitionBetsLedger1763702100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION ensure_week_partitions(p_from timestamptz, p_to timestamptz)
      RETURNS int -- partitions created (bets and ledger count one each)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_week timestamptz := date_trunc('week', p_from, 'UTC');
        v_day text;
        v_made int := 0;
      BEGIN
        WHILE v_week < p_to LOOP
          v_day := to_char(v_week AT TIME ZONE 'UTC', 'YYYYMMDD');
          IF to_regclass('bets_w' || v_day) IS NULL THEN
            EXECUTE format('CREATE TABLE %I PARTITION OF bets FOR VALUES FROM (%L) TO (%L)', 'bets_w' || v_day, v_week, v_week + interval '7 days');
            EXECUTE format('CREATE UNIQUE INDEX %I ON %I (seed_pair_id, nonce)', 'bets_w' || v_day || '_pair_nonce', 'bets_w' || v_day);
            v_made := v_made + 1;
          END IF;
          IF to_regclass('ledger_w' || v_day) IS NULL THEN
            EXECUTE format('CREATE TABLE %I PARTITION OF ledger FOR VALUES FROM (%L) TO (%L)', 'ledger_w' || v_day, v_week, v_week + interval '7 days');
            v_made := v_made + 1;
          END IF;
          v_week := v_week + interval '7 days';
        END LOOP;
        RETURN v_made;
      END $$`);

    await q.query(`ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_bet_id_fkey`);
    await q.query(`LOCK TABLE bets, ledger IN ACCESS EXCLUSIVE MODE`);
    await q.query(`ALTER TABLE bets RENAME TO bets_unpartitioned`);
    await q.query(`ALTER TABLE ledger RENAME TO ledger_unpartitioned`);
    await q.query(`
      CREATE TABLE bets (
        id            bigint GENERATED ALWAYS AS IDENTITY,
        user_id       bigint NOT NULL REFERENCES users(id),
        game          text NOT NULL,
        currency      currency NOT NULL,
        amount        bigint NOT NULL CHECK (amount >= 0),
        payout        bigint NOT NULL CHECK (payout >= 0),
        multiplier    text NOT NULL,
        seed_pair_id  bigint NOT NULL REFERENCES seed_pairs(id),
        nonce         bigint NOT NULL,
        outcome       jsonb NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now()
      ) PARTITION BY RANGE (created_at)`);
    await q.query(`
      CREATE TABLE ledger (
        id             bigint GENERATED ALWAYS AS IDENTITY,
        user_id        bigint NOT NULL REFERENCES users(id),
        currency       currency NOT NULL,
        delta          bigint NOT NULL,
        balance_after  bigint NOT NULL CHECK (balance_after >= 0),
        kind           text NOT NULL,
        ref            text,
        created_at     timestamptz NOT NULL DEFAULT now()
      ) PARTITION BY RANGE (created_at)`);
    await q.query(`
      SELECT ensure_week_partitions(
        LEAST(now(), (SELECT min(created_at) FROM bets_unpartitioned), (SELECT min(created_at) FROM ledger_unpartitioned)),
        GREATEST(now(), (SELECT max(created_at) FROM bets_unpartitioned), (SELECT max(created_at) FROM ledger_unpartitioned)) + make_interval(weeks => ${PARTITION_WEEKS_AHEAD + 1}))`);
    await q.query(`INSERT INTO bets OVERRIDING SYSTEM VALUE SELECT id, user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome, created_at FROM bets_unpartitioned`);
    await q.query(`INSERT INTO ledger OVERRIDING SYSTEM VALUE SELECT id, user_id, currency, delta, balance_after, kind, ref, created_at FROM ledger_unpartitioned`);
    await q.query(`DROP TABLE bets_unpartitioned`);
    await q.query(`DROP TABLE ledger_unpartitioned`);
    for (const t of ['bets', 'ledger']) {
      await q.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), COALESCE((SELECT max(id) FROM ${t}), 1), (SELECT count(*) > 0 FROM ${t}))`);
    }
    await q.query(`ALTER TABLE bets ADD CONSTRAINT bets_pkey PRIMARY KEY (id, created_at)`);
    await q.query(`CREATE INDEX bets_user_idx ON bets (user_id, id DESC)`);
    await q.query(`CREATE INDEX bets_user_time_idx ON bets (user_id, currency, created_at)`);
    await q.query(`ALTER TABLE ledger ADD CONSTRAINT ledger_pkey PRIMARY KEY (id, created_at)`);
    await q.query(`CREATE INDEX ledger_user_idx ON ledger (user_id, currency, id)`);

    // The auditor's memory of ended weeks: per player and currency, the rows, the sum of deltas and
    // a sum of row hashes, so a balance is checked against these plus the open weeks only, and a
    // week re-read later shows whether any of its rows changed.
    await q.query(`
      CREATE TABLE ledger_partitions (
        name             text PRIMARY KEY,
        from_at          timestamptz NOT NULL,
        to_at            timestamptz NOT NULL,
        rows             bigint NOT NULL,
        checkpointed_at  timestamptz NOT NULL DEFAULT now(),
        verified_at      timestamptz NOT NULL DEFAULT now(),
        archived_at      timestamptz,
        archive_file     text
      )`);
    await q.query(`
      CREATE TABLE ledger_checkpoints (
        partition  text NOT NULL REFERENCES ledger_partitions(name),
        user_id    bigint NOT NULL REFERENCES users(id),
        currency   currency NOT NULL,
        rows       bigint NOT NULL,
        delta_sum  numeric NOT NULL,
        row_hash   numeric NOT NULL,
        PRIMARY KEY (partition, user_id, currency)
      )`);
    await q.query(`CREATE INDEX ledger_checkpoints_user_idx ON ledger_checkpoints (user_id)`);
    // every column of a ledger row, hashed; summed per player (order-free, numeric cannot overflow)
    await q.query(`
      CREATE FUNCTION ledger_row_hash(p_id bigint, p_user bigint, p_currency currency, p_delta bigint, p_balance_after bigint, p_kind text, p_ref text, p_created_at timestamptz)
      RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT hashtextextended(concat_ws('|', p_id, p_user, p_currency, p_delta, p_balance_after, quote_literal(p_kind), quote_nullable(p_ref), (extract(epoch FROM p_created_at) * 1000000)::bigint), 0)
      $$`);
  }

  async down(): Promise<void> {
    // moving every row back into one table is a restore, not a migration
    throw new Error('PartitionBetsLedger1763702100000 is irreversible: restore a backup taken before it');
  }
}
