import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * round_open(): a hi-lo start or a blackjack deal that leaves the round open, in one statement,
 * instead of a transaction (BEGIN, key claim, the nonce taken, check_play_allowed(), the round
 * inserted, the stake debited, COMMIT).
 *
 * The API computes the opening state for the nonce its seed cache expects, as for an instant bet:
 * the pair's nonce moves on only if it is still that one (else CC409, nothing written, with the
 * nonce the pair is at now as the DETAIL while it is still the active pair: the API retries there).
 * Then, as place_bet() and in the locked path's order (seed pair, limits row, round, balance): the
 * play guards where they can refuse (CC423/CC403/CC429; the loss limit counts open rounds), the
 * round inserted open (CC410 when the player already has one of this game), the stake debited
 * (CC402 short) with its 'bet' ledger row, ref round:<id>, as SettlementService.stakeRound() writes
 * it. Session check (CC401) and key claim (CC208) as place_bet(). Answers the round id and the
 * balance after the stake.
 */
export class RoundOpen1763702800000 implements MigrationInterface {
  name = 'RoundOpen1763702800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION round_open(
        p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint,
        p_pair bigint, p_nonce bigint, p_game text, p_state jsonb, p_key text, p_key_hash text)
      RETURNS bigint[] -- {round id, balance after the stake}
      LANGUAGE plpgsql AS $$
      DECLARE
        v_round bigint;
        v_bal bigint;
        v_now bigint;
      BEGIN
        PERFORM claim_request(p_token, p_user, p_need_verified, p_key, p_key_hash);

        UPDATE seed_pairs SET nonce = nonce + 1
          WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce;
        IF NOT FOUND THEN
          SELECT nonce INTO v_now FROM seed_pairs WHERE id = p_pair AND user_id = p_user AND active;
          RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409', DETAIL = COALESCE(v_now::text, '');
        END IF;

        -- the operator pause applies to AMINA; limits only to players who set them
        IF p_currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user) THEN
          PERFORM check_play_allowed(p_user, p_currency, p_stake);
        END IF;

        INSERT INTO game_rounds (user_id, game, status, currency, stake, seed_pair_id, nonce, state, staked)
          VALUES (p_user, p_game, 'open', p_currency, p_stake, p_pair, p_nonce, p_state, p_stake)
          ON CONFLICT (user_id, game) WHERE status = 'open' DO NOTHING
          RETURNING id INTO v_round;
        IF NOT FOUND THEN RAISE EXCEPTION 'a round of this game is open' USING ERRCODE = 'CC410'; END IF;

        UPDATE balances SET amount = amount - p_stake
          WHERE user_id = p_user AND currency = p_currency AND amount >= p_stake
          RETURNING amount INTO v_bal;
        IF NOT FOUND THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;
        INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
          VALUES (p_user, p_currency, -p_stake, v_bal, 'bet', 'round:' || v_round);

        RETURN ARRAY[v_round, v_bal];
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP FUNCTION round_open(bytea, bigint, boolean, currency, bigint, bigint, bigint, text, jsonb, text, text)`,
    );
  }
}
