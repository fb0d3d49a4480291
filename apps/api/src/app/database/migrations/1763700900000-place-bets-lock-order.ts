import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * place_bets() locks a player's rows in place_bet()'s order, seed pair then balance. The first
 * version took the balance first: a batch on one API instance and a single bet of the same player
 * on another could each hold the row the other wanted (a deadlock, seen by the two-instance
 * reliability test). A nonce that moved is now refused for that bet alone, status 409 with the
 * pair's current nonce (nothing of the bet written yet), instead of rolling the whole call back,
 * so the retry starts at once rather than losing the next race to the other instance again; a balance short of the stake puts
 * the nonce back, in the same transaction, and answers 402. Statuses: 0 settled, 1 the play
 * guards apply (place it alone through place_bet()), 401 session, 402 balance, 409 nonce moved.
 */
export class PlaceBetsLockOrder1763700900000 implements MigrationInterface {
  name = 'PlaceBetsLockOrder1763700900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION place_bets(
        p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[],
        p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[])
      RETURNS bigint[] -- {status, bet id, balance after} for each bet, in order
      LANGUAGE plpgsql AS $$
      DECLARE
        v_out bigint[] := '{}';
        v_bal bigint;
        v_bet bigint;
        v_nonce bigint;
      BEGIN
        FOR i IN 1 .. cardinality(p_user) LOOP
          PERFORM 1 FROM sessions
            WHERE token_hash = p_token[i] AND user_id = p_user[i] AND revoked_at IS NULL AND expires_at > now()
              AND (NOT p_need_verified[i] OR ownership_verified_at IS NOT NULL);
          IF NOT FOUND THEN v_out := v_out || ARRAY[401, 0, 0]::bigint[]; CONTINUE; END IF;

          IF p_currency[i] = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user[i]) THEN
            v_out := v_out || ARRAY[1, 0, 0]::bigint[]; CONTINUE;
          END IF;

          UPDATE seed_pairs SET nonce = nonce + 1
            WHERE id = p_pair[i] AND user_id = p_user[i] AND active AND nonce = p_nonce[i];
          IF NOT FOUND THEN
            -- the nonce it is at now (-1: the pair is no longer active), so the retry needs no read
            SELECT nonce INTO v_nonce FROM seed_pairs WHERE id = p_pair[i] AND user_id = p_user[i] AND active;
            v_out := v_out || ARRAY[409, COALESCE(v_nonce, -1), 0]::bigint[]; CONTINUE;
          END IF;

          UPDATE balances SET amount = amount - p_stake[i] + p_payout[i]
            WHERE user_id = p_user[i] AND currency = p_currency[i] AND amount >= p_stake[i]
            RETURNING amount INTO v_bal;
          IF NOT FOUND THEN
            UPDATE seed_pairs SET nonce = p_nonce[i] WHERE id = p_pair[i]; -- this bet leaves nothing behind
            v_out := v_out || ARRAY[402, 0, 0]::bigint[]; CONTINUE;
          END IF;

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

  async down(): Promise<void> {
    // the batcher reads status 409 from this version only
    throw new Error('PlaceBetsLockOrder1763700900000 is irreversible: restore a backup taken before it');
  }
}
