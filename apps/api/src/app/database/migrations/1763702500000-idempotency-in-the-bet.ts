import type { MigrationInterface, QueryRunner } from 'typeorm';

const BET_ARGS = `p_token, p_user, p_need_verified, p_currency, p_stake, p_payout, p_pair, p_nonce, p_game, p_multiplier, p_outcome`;

/**
 * An instant bet's Idempotency-Key is claimed in the bet's own statement: place_bet() and
 * place_bets() gain two arguments (the key and the request's hash; NULL for a bet sent without a
 * key), insert the key into idempotency_keys (status 0: no answer yet) and then place the bet as
 * before, by calling the unkeyed function, which stays as it is. Before, the key was claimed and
 * answered in two statements of its own, two commits per bet: more than the bet itself, whose
 * commit a group of bets shares (BENCHMARKS.md, mixed players).
 *
 * - place_bet(…, key, hash) raises CC208 when the key already has a request (an earlier one, or one
 *   in flight, whose commit it waits for): nothing is written. A bet refused later in the call
 *   (CC4xx) rolls its key back with it.
 * - place_bets(…, keys, hashes) answers status 208 for a bet whose key is taken and places the
 *   others; the keys of the bets it refuses (401, 402, 409, or 1: placed alone) are deleted again,
 *   so the bet's retry can claim its key. Keys are inserted in player order, before any other row
 *   is locked, so two calls never wait on each other in a cycle.
 */
export class IdempotencyInTheBet1763702500000 implements MigrationInterface {
  name = 'IdempotencyInTheBet1763702500000';

  async up(q: QueryRunner): Promise<void> {
    // the elements of an array at the given positions, in their order
    await q.query(`
      CREATE FUNCTION array_pick(p anyarray, p_at int[]) RETURNS anyarray
      LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY(SELECT p[g.i] FROM unnest(p_at) WITH ORDINALITY AS g(i, o) ORDER BY g.o) $$`);

    await q.query(`
      CREATE FUNCTION place_bet(
        p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint,
        p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb,
        p_key text, p_key_hash text)
      RETURNS bigint[] -- {bet id, balance after the bet}
      LANGUAGE plpgsql AS $$
      BEGIN
        IF p_key IS NOT NULL THEN
          INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
            VALUES (p_user, p_key, p_key_hash, 0, 'null')
            ON CONFLICT (user_id, key) DO NOTHING;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'Idempotency-Key already has a request' USING ERRCODE = 'CC208';
          END IF;
        END IF;
        RETURN place_bet(${BET_ARGS});
      END $$`);

    await q.query(`
      CREATE FUNCTION place_bets(
        p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[],
        p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[],
        p_key text[], p_key_hash text[])
      RETURNS bigint[] -- {status, bet id or current nonce, balance after} for each bet, in order
      LANGUAGE plpgsql AS $$
      DECLARE
        v_taken boolean[]; -- the bet's key already has a request
        v_go int[];        -- the bets placed, by position
        v_answer bigint[]; -- the unkeyed place_bets()'s answer for them
        v_out bigint[] := '{}';
        j int := 0;
      BEGIN
        IF (SELECT count(DISTINCT u) FROM unnest(p_user) u) <> cardinality(p_user) THEN
          RAISE EXCEPTION 'place_bets: a player appears twice in one call' USING ERRCODE = '22023';
        END IF;

        WITH claimed AS (
          INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
            SELECT t.user_id, t.key, t.hash, 0, 'null'
              FROM unnest(p_user, p_key, p_key_hash) AS t(user_id, key, hash)
              WHERE t.key IS NOT NULL ORDER BY t.user_id
            ON CONFLICT (user_id, key) DO NOTHING
            RETURNING user_id)
        SELECT array_agg(t.key IS NOT NULL AND c.user_id IS NULL ORDER BY t.i)
          INTO v_taken
          FROM unnest(p_user, p_key) WITH ORDINALITY AS t(user_id, key, i)
          LEFT JOIN claimed c ON c.user_id = t.user_id;

        IF NOT (true = ANY(v_taken)) THEN
          v_go := ARRAY(SELECT generate_subscripts(p_user, 1));
          v_answer := place_bets(${BET_ARGS});
        ELSE
          v_go := ARRAY(SELECT i FROM generate_subscripts(p_user, 1) AS i WHERE NOT v_taken[i] ORDER BY i);
          IF cardinality(v_go) > 0 THEN
            v_answer := place_bets(${BET_ARGS.split(', ')
              .map((a) => `array_pick(${a}, v_go)`)
              .join(', ')});
          END IF;
        END IF;

        -- a bet refused here sends its key back: its retry (alone, or corrected) claims it again
        DELETE FROM idempotency_keys k
          USING generate_subscripts(v_go, 1) AS g(n)
          WHERE v_answer[3 * g.n - 2] <> 0 AND k.user_id = p_user[v_go[g.n]] AND k.key = p_key[v_go[g.n]];

        IF NOT (true = ANY(v_taken)) THEN
          RETURN v_answer;
        END IF;
        FOR i IN 1 .. cardinality(p_user) LOOP
          IF v_taken[i] THEN
            v_out := v_out || ARRAY[208, 0, 0]::bigint[];
          ELSE
            j := j + 1;
            v_out := v_out || v_answer[3 * j - 2 : 3 * j];
          END IF;
        END LOOP;
        RETURN v_out;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP FUNCTION place_bets(bytea[], bigint[], boolean[], currency[], bigint[], bigint[], bigint[], bigint[], text[], text[], jsonb[], text[], text[])`,
    );
    await q.query(
      `DROP FUNCTION place_bet(bytea, bigint, boolean, currency, bigint, bigint, bigint, bigint, text, text, jsonb, text, text)`,
    );
    await q.query(`DROP FUNCTION array_pick(anyarray, int[])`);
  }
}
