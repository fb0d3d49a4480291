import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One round trip per instant bet. The outcome is computed in TypeScript (game-engine) for the
 * nonce the API expects; this function then, atomically: checks the session (and ownership for
 * AMINA), advances the nonce only if it still equals the expected one (compare-and-set), debits
 * the stake only if the balance covers it, inserts the bet, credits the win and writes the ledger.
 * Failures raise SQLSTATEs the API maps: CC401 session, CC409 nonce moved, CC402 balance short.
 */
export class PlaceBet1763700200000 implements MigrationInterface {
  name = 'PlaceBet1763700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION place_bet(
        p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint,
        p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb)
      RETURNS TABLE (bet_id bigint, balance bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_bal bigint;
        v_bet bigint;
      BEGIN
        PERFORM 1 FROM sessions
          WHERE token_hash = p_token AND user_id = p_user AND revoked_at IS NULL AND expires_at > now()
            AND (NOT p_need_verified OR ownership_verified_at IS NOT NULL);
        IF NOT FOUND THEN RAISE EXCEPTION 'session not valid for this bet' USING ERRCODE = 'CC401'; END IF;

        UPDATE seed_pairs SET nonce = nonce + 1
          WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce;
        IF NOT FOUND THEN RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409'; END IF;

        UPDATE balances SET amount = amount - p_stake
          WHERE user_id = p_user AND currency = p_currency AND amount >= p_stake
          RETURNING amount INTO v_bal;
        IF NOT FOUND THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;

        INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
          VALUES (p_user, p_game, p_currency, p_stake, p_payout, p_multiplier, p_pair, p_nonce, p_outcome)
          RETURNING id INTO v_bet;
        INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
          VALUES (p_user, p_currency, -p_stake, v_bal, 'bet', 'bet:' || v_bet);
        IF p_payout > 0 THEN
          UPDATE balances SET amount = amount + p_payout
            WHERE user_id = p_user AND currency = p_currency RETURNING amount INTO v_bal;
          INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
            VALUES (p_user, p_currency, p_payout, v_bal, 'win', 'bet:' || v_bet);
        END IF;
        RETURN QUERY SELECT v_bet, v_bal;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION place_bet');
  }
}
