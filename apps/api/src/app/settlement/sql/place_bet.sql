-- place_bet(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.

CREATE OR REPLACE FUNCTION public.place_bet(p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint, p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb)
 RETURNS bigint[]
 LANGUAGE plpgsql
AS $function$
  DECLARE
    v_bal bigint;
    v_bet bigint;
  BEGIN
    PERFORM claim_request(p_token, p_user, p_need_verified, NULL, NULL);

    UPDATE seed_pairs SET nonce = nonce + 1
      WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce;
    IF NOT FOUND THEN RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409'; END IF;

    -- the operator pause applies to AMINA; limits only to players who set them
    IF p_currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user) THEN
      PERFORM check_play_allowed(p_user, p_currency, p_stake);
    END IF;

    UPDATE balances SET amount = amount - p_stake + p_payout
      WHERE user_id = p_user AND currency = p_currency AND amount >= p_stake
      RETURNING amount INTO v_bal;
    IF NOT FOUND THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;

    INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
      VALUES (p_user, p_game, p_currency, p_stake, p_payout, p_multiplier, p_pair, p_nonce, p_outcome)
      RETURNING id INTO v_bet;
    -- the stake row shows the balance between the debit and the credit, as two steps would
    IF p_payout > 0 THEN
      INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
        VALUES (p_user, p_currency, -p_stake, v_bal - p_payout, 'bet', 'bet:' || v_bet),
               (p_user, p_currency, p_payout, v_bal, 'win', 'bet:' || v_bet);
    ELSE
      INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
        VALUES (p_user, p_currency, -p_stake, v_bal, 'bet', 'bet:' || v_bet);
    END IF;
    RETURN ARRAY[v_bet, v_bal];
  END $function$;

CREATE OR REPLACE FUNCTION public.place_bet(p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint, p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb, p_key text, p_key_hash text)
 RETURNS bigint[]
 LANGUAGE plpgsql
AS $function$
      DECLARE
        v bigint[];
      BEGIN
        IF p_key IS NOT NULL THEN
          INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
            VALUES (p_user, p_key, p_key_hash, 0, 'null')
            ON CONFLICT (user_id, key) DO NOTHING;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'Idempotency-Key already has a request' USING ERRCODE = 'CC208';
          END IF;
        END IF;
        v := place_bet(p_token, p_user, p_need_verified, p_currency, p_stake, p_payout, p_pair, p_nonce, p_game, p_multiplier, p_outcome);
        -- the key names its bet until its answer is stored: a retry after a lost answer replays it
        IF p_key IS NOT NULL THEN
          UPDATE idempotency_keys SET response = jsonb_build_object('bet', v[1]::text)
            WHERE user_id = p_user AND key = p_key;
        END IF;
        RETURN v;
      END $function$;
