import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * round_step(): a step of an open round that moves no money (a hi-lo guess that goes on, a
 * blackjack hit that does not end the hand) in one statement, instead of a transaction that locks
 * the round, updates it and commits (BEGIN, key claim, SELECT … FOR UPDATE, two UPDATEs, COMMIT).
 *
 * The API reads the round without a lock, computes the next state and sends it with the row's
 * xmin as it read it: the update applies only if the row has not changed since (every update of a
 * row gives it a new xmin; the optimistic concurrency token EF Core and Npgsql use). Otherwise
 * CC412, and nothing is written (the key claim rolls back too): the API plays the step again the
 * locked way, from the state the row holds then.
 *
 * Like place_bet(): CC401 when the session is not valid for the round (checked the same way), CC208
 * when the request's Idempotency-Key already has a request; the key is committed with the step.
 * Those two checks are claim_request(), which round_settle() and round_open() call too.
 * Answers the player's balance in the round's currency (a blackjack answer shows it).
 */
export class RoundStep1763702600000 implements MigrationInterface {
  name = 'RoundStep1763702600000';

  async up(q: QueryRunner): Promise<void> {
    // what every one-statement round call does first (place_bet()'s checks, as its keyed form makes them)
    await q.query(`
      CREATE FUNCTION claim_request(
        p_token bytea, p_user bigint, p_need_verified boolean, p_key text, p_key_hash text)
      RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM sessions
          WHERE token_hash = p_token AND user_id = p_user AND revoked_at IS NULL AND expires_at > now()
            AND (NOT p_need_verified OR ownership_verified_at IS NOT NULL);
        IF NOT FOUND THEN RAISE EXCEPTION 'session not valid for this call' USING ERRCODE = 'CC401'; END IF;

        IF p_key IS NOT NULL THEN
          INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
            VALUES (p_user, p_key, p_key_hash, 0, 'null')
            ON CONFLICT (user_id, key) DO NOTHING;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'Idempotency-Key already has a request' USING ERRCODE = 'CC208';
          END IF;
        END IF;
      END $$`);

    await q.query(`
      CREATE FUNCTION round_step(
        p_token bytea, p_user bigint, p_need_verified boolean, p_round bigint, p_seen xid, p_state jsonb,
        p_key text, p_key_hash text)
      RETURNS bigint -- the balance in the round's currency
      LANGUAGE plpgsql AS $$
      DECLARE
        v_currency currency;
      BEGIN
        PERFORM claim_request(p_token, p_user, p_need_verified, p_key, p_key_hash);

        -- a step that waited here for another one's commit re-reads the row: its xmin has moved
        UPDATE game_rounds SET state = p_state, updated_at = now()
          WHERE id = p_round AND user_id = p_user AND status = 'open' AND xmin = p_seen
          RETURNING currency INTO v_currency;
        IF NOT FOUND THEN RAISE EXCEPTION 'round moved' USING ERRCODE = 'CC412'; END IF;

        RETURN (SELECT amount FROM balances WHERE user_id = p_user AND currency = v_currency);
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION round_step(bytea, bigint, boolean, bigint, xid, jsonb, text, text)`);
    await q.query(`DROP FUNCTION claim_request(bytea, bigint, boolean, text, text)`);
  }
}
