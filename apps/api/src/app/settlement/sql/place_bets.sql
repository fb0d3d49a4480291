-- place_bets(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- Several players' instant bets (games/bet-batcher.ts's group commit) in one statement and one
-- commit. Answers one row per bet, in call order, as round_acts() and round_opens() do: `status`
-- 'placed' with the bet id and the balance after; 'guarded' when the play guards apply (a player
-- with limits, or AMINA): nothing of it was written, and place_bet() places it alone with the
-- guards; or the SQLSTATE place_bet() would raise for it alone (CC401 session not live, CC407
-- wallet never proven, CC208 its Idempotency-Key already has a request: claim_requests(), which
-- claims the keys of the others; CC409 nonce moved with the pair's nonce now as DETAIL, CC402 balance
-- short), nothing of it written. A bet placed leaves its key naming it, so a retry after a lost
-- answer replays it; a bet refused after its key was claimed gives the key back. The form without
-- keys is this one with none, declared after it.
--
-- Lock order, as place_bet() takes a player's rows: the seed pairs in id order, then the balances
-- in (user, currency) order (settle_bets(), the money primitive for bets, which writes them).

CREATE OR REPLACE FUNCTION public.place_bets(p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[], p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[], p_key text[], p_key_hash text[])
 RETURNS TABLE(status text, detail text, bet_id bigint, balance bigint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
      DECLARE
        v_refused text[]; -- claim_requests()'s answer: NULL, its key (if any) claimed; else why not
        v_status text[];  -- 'placed' while the bet can still settle
        v_now bigint[];   -- a moved nonce: where the pair is now
        v_balance bigint[];
        v_bet bigint[];
        v_go int[];       -- the bets that can still settle, by position
        v_all boolean;    -- all of them
      BEGIN
        IF (SELECT count(DISTINCT u) FROM unnest(p_user) u) <> cardinality(p_user) THEN
          RAISE EXCEPTION 'place_bets: a player appears twice in one call' USING ERRCODE = '22023';
        END IF;

        -- the session may bet and the key is claimed (claim_requests()); limits or AMINA hand the
        -- bet back to place_bet(), which runs the guards
        v_refused := claim_requests(p_token, p_user, p_need_verified, p_key, p_key_hash);
        SELECT array_agg(COALESCE(t.refused, CASE
                 WHEN t.currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits l WHERE l.user_id = t.user_id) THEN 'guarded'
                 ELSE 'placed' END) ORDER BY t.i)
          INTO v_status
          FROM unnest(v_refused, p_user, p_currency) WITH ORDINALITY AS t(refused, user_id, currency, i);

        -- the pairs, locked in id order; a nonce that moved refuses its bet (CC409, where it is now)
        PERFORM 1 FROM seed_pairs
          WHERE id IN (SELECT t.pair FROM unnest(p_pair, v_status) AS t(pair, status) WHERE t.status = 'placed')
          ORDER BY id FOR UPDATE;
        SELECT array_agg(CASE WHEN t.status <> 'placed' OR sp.nonce IS NOT DISTINCT FROM t.nonce THEN t.status ELSE 'CC409' END ORDER BY t.i),
               array_agg(CASE WHEN t.status = 'placed' AND sp.nonce IS DISTINCT FROM t.nonce THEN sp.nonce END ORDER BY t.i)
          INTO v_status, v_now
          FROM unnest(p_user, p_pair, p_nonce, v_status) WITH ORDINALITY AS t(user_id, pair, nonce, status, i)
          LEFT JOIN seed_pairs sp ON sp.id = t.pair AND sp.user_id = t.user_id AND sp.active;

        -- the bets that can still settle, through the money primitive (which locks the balances in
        -- (user, currency) order); one whose balance is short of its stake is refused (CC402)
        v_go := ARRAY(SELECT i FROM generate_subscripts(p_user, 1) AS i WHERE v_status[i] = 'placed' ORDER BY i);
        v_all := cardinality(v_go) = cardinality(p_user); -- nearly always: the arrays go as they are
        SELECT array_agg(CASE WHEN t.status = 'placed' AND w.bet_id IS NULL THEN 'CC402' ELSE t.status END ORDER BY t.i),
               array_agg(w.bet_id ORDER BY t.i), array_agg(w.balance ORDER BY t.i)
          INTO v_status, v_bet, v_balance
          FROM unnest(v_status) WITH ORDINALITY AS t(status, i)
          LEFT JOIN (
            SELECT v_go[r.n] AS i, r.bet_id, r.balance
              FROM settle_bets(CASE WHEN v_all THEN p_user ELSE array_pick(p_user, v_go) END,
                               CASE WHEN v_all THEN p_game ELSE array_pick(p_game, v_go) END,
                               CASE WHEN v_all THEN p_currency ELSE array_pick(p_currency, v_go) END,
                               CASE WHEN v_all THEN p_stake ELSE array_pick(p_stake, v_go) END,
                               CASE WHEN v_all THEN p_payout ELSE array_pick(p_payout, v_go) END,
                               CASE WHEN v_all THEN p_multiplier ELSE array_pick(p_multiplier, v_go) END,
                               CASE WHEN v_all THEN p_pair ELSE array_pick(p_pair, v_go) END,
                               CASE WHEN v_all THEN p_nonce ELSE array_pick(p_nonce, v_go) END,
                               CASE WHEN v_all THEN p_outcome ELSE array_pick(p_outcome, v_go) END,
                               CASE WHEN v_all THEN p_stake ELSE array_pick(p_stake, v_go) END,
                               array_fill('bet'::text, ARRAY[cardinality(v_go)]))
                WITH ORDINALITY AS r(bet_id, balance, n)) w ON w.i = t.i;

        UPDATE seed_pairs sp SET nonce = sp.nonce + 1
          FROM unnest(p_pair, v_status) AS t(pair, status)
          WHERE t.status = 'placed' AND sp.id = t.pair;

        IF cardinality(array_remove(p_key, NULL)) > 0 THEN
          -- a bet refused after its key was claimed gives the key back: its retry (alone, or corrected) claims it again
          DELETE FROM idempotency_keys k
            USING unnest(p_user, p_key, v_refused, v_status) AS t(user_id, key, refused, status)
            WHERE t.key IS NOT NULL AND t.refused IS NULL AND t.status <> 'placed' AND k.user_id = t.user_id AND k.key = t.key;
          -- a bet placed: its key names it, its only answer, so a retry replays it
          UPDATE idempotency_keys k SET response = jsonb_build_object('bet', t.bet::text)
            FROM unnest(p_user, p_key, v_status, v_bet) AS t(user_id, key, status, bet)
            WHERE t.key IS NOT NULL AND t.status = 'placed' AND k.user_id = t.user_id AND k.key = t.key;
        END IF;

        RETURN QUERY
          SELECT v_status[i], v_now[i]::text, v_bet[i], v_balance[i]
            FROM generate_subscripts(p_user, 1) AS i ORDER BY i;
      END $function$;

CREATE OR REPLACE FUNCTION public.place_bets(p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[], p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[])
 RETURNS TABLE(status text, detail text, bet_id bigint, balance bigint)
 LANGUAGE sql
AS $function$
  SELECT * FROM place_bets(p_token, p_user, p_need_verified, p_currency, p_stake, p_payout, p_pair, p_nonce, p_game,
                           p_multiplier, p_outcome, NULL::text[], NULL::text[])
$function$;
