-- round_open(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- A round's opening (a hi-lo start, a blackjack hand that stays open, a slots bonus buy, a paid slots spin that
-- awards free spins) in one statement: the session check and the Idempotency-Key claim (claim_request()); the
-- pair's nonce, only if it is still p_nonce (CC409 with the nonce now); the play guard; the round row (CC410
-- when one of the game is open); its stake, debited like a bet (ledger_move(), kind 'bet', ref 'round:<id>').
-- Answers {round id, balance, bet id, version} (the bet id NULL when the opening settled no bet; the
-- version, the round row's xmin, NULL when the round ended as it opened). A round opened by a bet of its own at the nonce (p_bet_amount: a bonus
-- purchase, or the paid spin that awarded the free spins) holds no stake: that bet is settled with the
-- opening (settle_bet(): a bet row of p_bet_amount paying p_bet_payout at p_bet_multiplier, outcome
-- p_bet_outcome, debited as p_bet_kind), guarded as a stake of that amount, and the round has staked
-- nothing. With a key, the key's row names what the opening wrote (the round and the balance; no state
-- before it, as round_act() writes for an action), and no answer is stored after it: a retry
-- replays the opening from there (RoundOpener, games/round-open.ts).
-- A round that ends as it opens (p_ends: a blackjack dealt with a blackjack on either side) is settled in
-- the same statement: its stake, debited as above, is its bet, paying p_bet_payout at p_bet_multiplier
-- (settle_bet(), the round closed). Only a lone call ends a round: round_opens() answers no bet id.
-- With p_claimed, round_writes() has checked the session and claimed the key already, and this does not.

CREATE OR REPLACE FUNCTION public.round_open(p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint, p_pair bigint, p_nonce bigint, p_game text, p_state jsonb, p_key text, p_key_hash text,
  p_bet_amount bigint, p_bet_outcome jsonb, p_bet_payout bigint, p_bet_multiplier text, p_bet_kind text,
  p_ends boolean DEFAULT false, p_claimed boolean DEFAULT false)
 RETURNS bigint[]
 LANGUAGE plpgsql
AS $function$
      DECLARE
        v_round bigint;
        v_bal bigint;
        v_now bigint;
        v_bet bigint[];
        v_version bigint;
      BEGIN
        IF NOT p_claimed THEN
          PERFORM claim_request(p_token, p_user, p_need_verified, p_key, p_key_hash);
        END IF;

        UPDATE seed_pairs SET nonce = nonce + 1
          WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce;
        IF NOT FOUND THEN
          SELECT nonce INTO v_now FROM seed_pairs WHERE id = p_pair AND user_id = p_user AND active;
          RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409', DETAIL = COALESCE(v_now::text, '');
        END IF;

        -- the operator pause applies to AMINA; limits only to players who set them
        IF p_currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user) THEN
          PERFORM check_play_allowed(p_user, p_currency, COALESCE(p_bet_amount, p_stake));
        END IF;

        INSERT INTO game_rounds (user_id, game, status, currency, stake, seed_pair_id, nonce, state, staked)
          VALUES (p_user, p_game, 'open', p_currency, p_stake, p_pair, p_nonce, p_state,
                  CASE WHEN p_bet_amount IS NULL THEN p_stake ELSE 0 END)
          ON CONFLICT (user_id, game) WHERE status = 'open' DO NOTHING
          RETURNING id, xmin::text::bigint INTO v_round, v_version;
        IF NOT FOUND THEN RAISE EXCEPTION 'a round of this game is open' USING ERRCODE = 'CC410'; END IF;

        IF p_bet_amount IS NULL THEN
          v_bal := ledger_move(p_user, p_currency, -p_stake, 'bet', 'round:' || v_round);
          IF v_bal IS NOT NULL AND p_ends THEN
            v_bet := settle_bet(p_user, p_game, p_currency, p_stake, p_bet_payout, p_bet_multiplier, p_pair,
                                p_nonce, p_state, 0, 'bet', v_round, p_state);
            v_bal := v_bet[2];
          END IF;
        ELSE
          v_bet := settle_bet(p_user, p_game, p_currency, p_bet_amount, p_bet_payout, p_bet_multiplier, p_pair,
                              p_nonce, p_bet_outcome, p_bet_amount, p_bet_kind, NULL, NULL);
          v_bal := v_bet[2];
        END IF;
        IF v_bal IS NULL THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;

        IF p_key IS NOT NULL THEN
          UPDATE idempotency_keys SET response = jsonb_build_object('round', v_round::text, 'balance', v_bal::text)
           WHERE user_id = p_user AND key = p_key;
        END IF;
        -- the round's version while it stays open: the `seen` of the player's first action on it
        RETURN ARRAY[v_round, v_bal, v_bet[1], CASE WHEN NOT p_ends THEN v_version END];
      END $function$;
