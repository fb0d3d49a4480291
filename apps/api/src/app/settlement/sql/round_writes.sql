-- round_writes(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The one loop of the round writes that share a group-commit call (games/bet-batcher.ts), behind
-- its two entries, round_acts() (p_kind 'act': round_act() per item) and round_opens() (p_kind
-- 'open': round_open() per item). The arguments every kind has come first, then each kind's own
-- (NULL for the other kind), then the optional ones: an opening's bet at its nonce (a slots bonus
-- purchase, or the paid spin that awarded the free spins: its amount and outcome, then after the draw
-- its payout, multiplier and ledger kind), an action's draw (a slots free spin). In one statement and one commit: each item is its lone function with
-- its arguments at the same position, in a subtransaction of its own, so a refusal (an SQLSTATE of
-- class CC: the round moved, the nonce moved, a round already open, the session, the key, the play
-- guard, the balance) undoes that item alone and is answered in its row; any other error fails the
-- whole call. Answers one row per item, in call order: `status` 'acted' (with the bet id when the
-- action ended its round) or 'opened' (with the round id), and the balance after; or the refusal's
-- SQLSTATE with its DETAIL (CC409: the pair's nonce now).
--
-- Lock order, as place_bets() takes it so that two calls never wait on each other in a cycle: the
-- seed pairs first, in id order (an opening's pair FOR UPDATE, as its nonce moves; the pair of an
-- action that draws FOR NO KEY UPDATE, as its nonce moves; the pair of a round an action ends FOR
-- KEY SHARE, as settle_bet() takes it); then, item by item in the caller's
-- order (players by id), the player's rows.

CREATE OR REPLACE FUNCTION public.round_writes(
  p_kind text, p_token bytea[], p_user bigint[], p_need_verified boolean[], p_state jsonb[], p_key text[], p_key_hash text[],
  p_currency currency[], p_stake bigint[], p_pair bigint[], p_nonce bigint[], p_game text[],
  p_round bigint[], p_seen xid[], p_plays_on boolean[], p_extra bigint[], p_ends boolean[], p_staked bigint[],
  p_payout bigint[], p_multiplier text[],
  p_bet_amount bigint[] DEFAULT NULL, p_bet_outcome jsonb[] DEFAULT NULL,
  p_draw_nonce bigint[] DEFAULT NULL, p_outcome jsonb[] DEFAULT NULL,
  p_bet_payout bigint[] DEFAULT NULL, p_bet_multiplier text[] DEFAULT NULL, p_bet_kind text[] DEFAULT NULL)
 RETURNS TABLE (status text, detail text, id bigint, balance bigint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  DECLARE
    v_written bigint[];
    v_lock record;
  BEGIN
    IF p_kind = 'open' THEN
      PERFORM 1 FROM seed_pairs WHERE seed_pairs.id = ANY(p_pair) ORDER BY seed_pairs.id FOR UPDATE;
    ELSIF p_kind = 'act' AND NOT EXISTS (SELECT 1 FROM unnest(p_draw_nonce) AS d(nonce) WHERE d.nonce IS NOT NULL) THEN
      PERFORM 1 FROM seed_pairs
        WHERE seed_pairs.id IN (SELECT r.seed_pair_id FROM game_rounds r
                                  JOIN unnest(p_round, p_ends) AS t(round, ends) ON r.id = t.round
                                 WHERE t.ends)
        ORDER BY seed_pairs.id FOR KEY SHARE;
    ELSIF p_kind = 'act' THEN
      -- with draws, pair by pair in the same id order: a draw's pair FOR NO KEY UPDATE, as its nonce moves
      FOR v_lock IN SELECT r.seed_pair_id AS pair, bool_or(t.draw IS NOT NULL) AS draws
                      FROM game_rounds r JOIN unnest(p_round, p_ends, p_draw_nonce) AS t(round, ends, draw) ON r.id = t.round
                     WHERE t.ends OR t.draw IS NOT NULL
                     GROUP BY r.seed_pair_id ORDER BY r.seed_pair_id LOOP
        IF v_lock.draws THEN
          PERFORM 1 FROM seed_pairs WHERE seed_pairs.id = v_lock.pair FOR NO KEY UPDATE;
        ELSE
          PERFORM 1 FROM seed_pairs WHERE seed_pairs.id = v_lock.pair FOR KEY SHARE;
        END IF;
      END LOOP;
    ELSE
      RAISE EXCEPTION 'round_writes: no kind %', p_kind USING ERRCODE = '22023';
    END IF;

    FOR i IN 1 .. coalesce(cardinality(p_user), 0) LOOP
      BEGIN
        IF p_kind = 'open' THEN
          v_written := round_open(p_token[i], p_user[i], p_need_verified[i], p_currency[i], p_stake[i], p_pair[i],
                                  p_nonce[i], p_game[i], p_state[i], p_key[i], p_key_hash[i], p_bet_amount[i],
                                  p_bet_outcome[i], p_bet_payout[i], p_bet_multiplier[i], p_bet_kind[i]);
          status := 'opened';
        ELSE
          v_written := round_act(p_token[i], p_user[i], p_need_verified[i], p_round[i], p_seen[i], p_state[i],
                                 p_plays_on[i], p_extra[i], p_ends[i], p_staked[i], p_payout[i], p_multiplier[i],
                                 p_key[i], p_key_hash[i], p_draw_nonce[i], p_outcome[i]);
          status := 'acted';
        END IF;
        detail := NULL;
        id := v_written[1];
        balance := v_written[2];
      EXCEPTION WHEN OTHERS THEN
        IF left(SQLSTATE, 2) <> 'CC' THEN RAISE; END IF;
        status := SQLSTATE;
        GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
        id := NULL;
        balance := NULL;
      END;
      RETURN NEXT;
    END LOOP;
  END $function$;
