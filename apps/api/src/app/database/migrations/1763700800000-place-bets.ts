import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * place_bets(): the instant bets that arrive while the database is busy, settled in one call and
 * one commit (group commit, measured in BENCHMARKS.md). Each bet i is given by the i-th element
 * of every array, with place_bet()'s meaning, and answers three numbers in the result:
 * {status, bet id, balance after}. A status is 0 settled, 401 the session cannot place this bet,
 * 402 the balance does not cover the stake, or 1 the play guards apply (AMINA, or a player with
 * limits): the caller then sends that bet alone through place_bet(), which runs them. None of
 * these wrote anything for that bet. A nonce that moved raises CC409 and rolls the whole call
 * back, so the caller sends each bet alone, where the compare-and-set names the one that missed.
 */
export class PlaceBets1763700800000 implements MigrationInterface {
  name = 'PlaceBets1763700800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION place_bets(
        p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[],
        p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[])
      RETURNS bigint[] -- {status, bet id, balance after} for each bet, in order
      LANGUAGE plpgsql AS $$
      DECLARE
        v_out bigint[] := '{}';
        v_bal bigint;
        v_bet bigint;
      BEGIN
        FOR i IN 1 .. cardinality(p_user) LOOP
          PERFORM 1 FROM sessions
            WHERE token_hash = p_token[i] AND user_id = p_user[i] AND revoked_at IS NULL AND expires_at > now()
              AND (NOT p_need_verified[i] OR ownership_verified_at IS NOT NULL);
          IF NOT FOUND THEN v_out := v_out || ARRAY[401, 0, 0]::bigint[]; CONTINUE; END IF;

          IF p_currency[i] = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user[i]) THEN
            v_out := v_out || ARRAY[1, 0, 0]::bigint[]; CONTINUE;
          END IF;

          -- the balance first: a short balance refuses this bet alone, before anything is written
          UPDATE balances SET amount = amount - p_stake[i] + p_payout[i]
            WHERE user_id = p_user[i] AND currency = p_currency[i] AND amount >= p_stake[i]
            RETURNING amount INTO v_bal;
          IF NOT FOUND THEN v_out := v_out || ARRAY[402, 0, 0]::bigint[]; CONTINUE; END IF;

          UPDATE seed_pairs SET nonce = nonce + 1
            WHERE id = p_pair[i] AND user_id = p_user[i] AND active AND nonce = p_nonce[i];
          IF NOT FOUND THEN RAISE EXCEPTION 'nonce moved for bet %', i USING ERRCODE = 'CC409'; END IF;

          INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
            VALUES (p_user[i], p_game[i], p_currency[i], p_stake[i], p_payout[i], p_multiplier[i], p_pair[i], p_nonce[i], p_outcome[i])
            RETURNING id INTO v_bet;
          IF p_payout[i] > 0 THEN
            INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
              VALUES (p_user[i], p_currency[i], -p_stake[i], v_bal - p_payout[i], 'bet', 'bet:' || v_bet),
                     (p_user[i], p_currency[i], p_payout[i], v_bal, 'win', 'bet:' || v_bet);
          ELSE
            INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
              VALUES (p_user[i], p_currency[i], -p_stake[i], v_bal, 'bet', 'bet:' || v_bet);
          END IF;
          v_out := v_out || ARRAY[0, v_bet, v_bal];
        END LOOP;
        RETURN v_out;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION place_bets');
  }
}
