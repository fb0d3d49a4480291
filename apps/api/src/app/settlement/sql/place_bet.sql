-- place_bet(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- One instant bet in one statement (alone: a player with limits or AMINA, whom place_bets() hands
-- back, or a bet that goes at once): the session check and the Idempotency-Key claim
-- (claim_request()), the nonce compare-and-set (CC409), the play guard, then the money primitive
-- for bets, settle_bets() (CC402 when the balance is short). With a key, the key's row names the bet,
-- and no answer is stored after it: a retry replays the bet from there. Answers {bet id, balance}.
-- The form without a key is the same call with none (declared after it: its body names it).

CREATE OR REPLACE FUNCTION public.place_bet(p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint, p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb, p_key text, p_key_hash text)
 RETURNS bigint[]
 LANGUAGE plpgsql
AS $function$
  DECLARE
    v bigint[];
  BEGIN
    PERFORM claim_request(p_token, p_user, p_need_verified, p_key, p_key_hash);

    UPDATE seed_pairs SET nonce = nonce + 1
      WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce;
    IF NOT FOUND THEN RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409'; END IF;

    -- the operator pause applies to AMINA; limits only to players who set them
    IF p_currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user) THEN
      PERFORM check_play_allowed(p_user, p_currency, p_stake);
    END IF;

    SELECT ARRAY[s.bet_id, s.balance] INTO v
      FROM settle_bets(ARRAY[p_user], ARRAY[p_game], ARRAY[p_currency], ARRAY[p_stake], ARRAY[p_payout],
                       ARRAY[p_multiplier], ARRAY[p_pair], ARRAY[p_nonce], ARRAY[p_outcome], ARRAY[p_stake],
                       ARRAY['bet']) AS s;
    IF v[1] IS NULL THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;

    -- the key names its bet, its only answer: a retry replays it
    IF p_key IS NOT NULL THEN
      UPDATE idempotency_keys SET response = jsonb_build_object('bet', v[1]::text)
        WHERE user_id = p_user AND key = p_key;
    END IF;
    RETURN v;
  END $function$;

CREATE OR REPLACE FUNCTION public.place_bet(p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint, p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb)
 RETURNS bigint[]
 LANGUAGE sql
AS $function$
  SELECT place_bet(p_token, p_user, p_need_verified, p_currency, p_stake, p_payout, p_pair, p_nonce, p_game,
                   p_multiplier, p_outcome, NULL, NULL)
$function$;
