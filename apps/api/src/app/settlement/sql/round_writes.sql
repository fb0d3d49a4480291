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
-- action ended its round) or 'opened' (with the round id), the balance after, and the round row's
-- version (its xmin) while the round stays open (round_act()'s third answer, round_open()'s fourth); or the refusal's
-- SQLSTATE with its DETAIL (CC409: the pair's nonce now).
--
-- The session check and the Idempotency-Key claim of the items whose player has no other item in the
-- call are made for all of them in one claim_requests() before the loop (round_act() and round_open()
-- are told, p_claimed); a refused one's key is released with the rest of what it wrote.
--
-- The actions that end their round (a cash-out, a stand, a hand's last card), each the only action
-- of its player in the call, are settled together: round_act() checks and writes each in its
-- subtransaction and locks its balance row (p_defer), and after the loop one settle_bets() writes
-- all their bets, then one statement closes their rounds, and their keys' rows are filled one by one,
-- as a lone round_act() would have written them. A player with two actions in the call has them settled one by
-- one, so each answer's balance is the one after its own write. A deferred settlement never lacks
-- balance (it debits nothing); should settle_bets() answer none, the call fails whole.
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
 RETURNS TABLE (status text, detail text, id bigint, balance bigint, version bigint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  DECLARE
    v_written bigint[];
    v_lock record;
    -- each item's answer, returned after the deferred ends are settled
    v_status text[] := '{}';
    v_detail text[] := '{}';
    v_id bigint[] := '{}';
    v_balance bigint[] := '{}';
    v_version bigint[] := '{}';
    -- items whose player has no other item in the call, and the ends deferred (their item numbers)
    v_alone boolean[];
    -- claim_requests()'s answer for those items, in their order, and how many of them the loop has passed
    v_refused text[];
    v_claimed int := 0;
    v_defer boolean;
    v_ends int[] := '{}';
    v_end record;
    v_bets bigint[];
    v_after bigint[];
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

    SELECT array_agg(t.n = 1 ORDER BY t.i) INTO v_alone
      FROM (SELECT u.i, count(*) OVER (PARTITION BY u.player) AS n
              FROM unnest(p_user) WITH ORDINALITY AS u(player, i)) AS t;
    -- the sessions and keys of the players alone in the call, in one claim_requests(); a player with
    -- two items has each checked and claimed in its own, as a lone call does (a key sent twice is CC208)
    v_refused := claim_requests(
      ARRAY(SELECT p_token[g.i] FROM generate_subscripts(p_user, 1) AS g(i) WHERE v_alone[g.i] ORDER BY g.i),
      ARRAY(SELECT p_user[g.i] FROM generate_subscripts(p_user, 1) AS g(i) WHERE v_alone[g.i] ORDER BY g.i),
      ARRAY(SELECT p_need_verified[g.i] FROM generate_subscripts(p_user, 1) AS g(i) WHERE v_alone[g.i] ORDER BY g.i),
      ARRAY(SELECT p_key[g.i] FROM generate_subscripts(p_user, 1) AS g(i) WHERE v_alone[g.i] ORDER BY g.i),
      ARRAY(SELECT p_key_hash[g.i] FROM generate_subscripts(p_user, 1) AS g(i) WHERE v_alone[g.i] ORDER BY g.i));

    FOR i IN 1 .. coalesce(cardinality(p_user), 0) LOOP
      IF v_alone[i] THEN
        v_claimed := v_claimed + 1;
        IF v_refused[v_claimed] IS NOT NULL THEN
          v_status[i] := v_refused[v_claimed];
          CONTINUE;
        END IF;
      END IF;
      BEGIN
        IF p_kind = 'open' THEN
          v_written := round_open(p_token[i], p_user[i], p_need_verified[i], p_currency[i], p_stake[i], p_pair[i],
                                  p_nonce[i], p_game[i], p_state[i], p_key[i], p_key_hash[i], p_bet_amount[i],
                                  p_bet_outcome[i], p_bet_payout[i], p_bet_multiplier[i], p_bet_kind[i], false,
                                  v_alone[i]);
          v_status[i] := 'opened';
        ELSE
          v_defer := p_ends[i] AND p_draw_nonce[i] IS NULL AND v_alone[i];
          v_written := round_act(p_token[i], p_user[i], p_need_verified[i], p_round[i], p_seen[i], p_state[i],
                                 p_plays_on[i], p_extra[i], p_ends[i], p_staked[i], p_payout[i], p_multiplier[i],
                                 p_key[i], p_key_hash[i], p_draw_nonce[i], p_outcome[i], v_defer, v_alone[i]);
          IF v_defer THEN v_ends := v_ends || i; END IF;
          v_status[i] := 'acted';
        END IF;
        v_id[i] := v_written[1];
        v_balance[i] := v_written[2];
        v_version[i] := CASE WHEN p_kind = 'act' THEN v_written[3] ELSE v_written[4] END;
      EXCEPTION WHEN OTHERS THEN
        IF left(SQLSTATE, 2) <> 'CC' THEN RAISE; END IF;
        v_status[i] := SQLSTATE;
        GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
        v_detail[i] := detail;
        v_id[i] := NULL;
        v_balance[i] := NULL;
        v_version[i] := NULL;
        -- a refused item writes nothing: the key claimed for it before the loop is released
        IF v_alone[i] AND p_key[i] IS NOT NULL THEN
          DELETE FROM idempotency_keys WHERE user_id = p_user[i] AND key = p_key[i];
        END IF;
      END;
    END LOOP;

    IF cardinality(v_ends) > 0 THEN
      -- the deferred ends, in item order, with their rounds as the actions found them
      SELECT array_agg(r.id ORDER BY e.k) AS round, array_agg(r.user_id ORDER BY e.k) AS player,
             array_agg(r.game ORDER BY e.k) AS game, array_agg(r.currency ORDER BY e.k) AS currency,
             array_agg(r.seed_pair_id ORDER BY e.k) AS pair, array_agg(r.nonce ORDER BY e.k) AS nonce,
             array_agg(r.state ORDER BY e.k) AS before, array_agg(p_state[e.i] ORDER BY e.k) AS state,
             array_agg(p_key[e.i] ORDER BY e.k) AS key, array_agg(p_staked[e.i] ORDER BY e.k) AS staked,
             array_agg(p_payout[e.i] ORDER BY e.k) AS payout, array_agg(p_multiplier[e.i] ORDER BY e.k) AS multiplier
        INTO v_end
        FROM unnest(v_ends) WITH ORDINALITY AS e(i, k) JOIN game_rounds r ON r.id = p_round[e.i];
      -- each round's stakes are debited already: its bet row holds them, its payout is credited
      SELECT array_agg(s.bet_id ORDER BY s.k), array_agg(s.balance ORDER BY s.k) INTO v_bets, v_after
        FROM settle_bets(v_end.player, v_end.game, v_end.currency, v_end.staked, v_end.payout, v_end.multiplier,
                         v_end.pair, v_end.nonce, v_end.state, array_fill(0::bigint, ARRAY[cardinality(v_ends)]),
                         array_fill('bet'::text, ARRAY[cardinality(v_ends)])) WITH ORDINALITY AS s(bet_id, balance, k);
      IF cardinality(v_bets) IS DISTINCT FROM cardinality(v_ends) OR array_position(v_bets, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'round_writes: a deferred end was not settled' USING ERRCODE = 'XX000';
      END IF;

      PERFORM close_rounds(v_end.round, v_end.state, v_bets);
      FOR k IN 1 .. cardinality(v_ends) LOOP
        v_id[v_ends[k]] := v_bets[k];
        v_balance[v_ends[k]] := v_after[k];
        -- one key at a time, by its primary key: a join with the keys table would be planned once per
        -- connection (a generic plan) from statistics that a table growing all day soon outgrows
        IF v_end.key[k] IS NOT NULL THEN
          UPDATE idempotency_keys
             SET response = round_act_answer(v_end.round[k], v_end.before[k], v_bets[k], v_after[k])
           WHERE user_id = v_end.player[k] AND key = v_end.key[k];
        END IF;
      END LOOP;
    END IF;

    RETURN QUERY SELECT v_status[g.i], v_detail[g.i], v_id[g.i], v_balance[g.i], v_version[g.i]
      FROM generate_subscripts(p_user, 1) AS g(i) ORDER BY g.i;
  END $function$;
