-- place_bets(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- Several players' instant bets (games/bet-batcher.ts's group commit) in one statement and one
-- commit. Answers one row per bet, in call order, as round_acts() and round_opens() do: `status`
-- 'placed' with the bet id and the balance after; 'guarded' when the play guards apply (a player
-- with limits, or AMINA): nothing of it was written, and place_bet() places it alone with the
-- guards; or the SQLSTATE place_bet() would raise for it alone (CC401 session not live, CC407
-- wallet never proven, CC409 nonce moved with the pair's nonce now as DETAIL, CC402 balance short;
-- the keyed form adds CC208, its key already has a request), nothing of it written.
--
-- Lock order, as place_bet() takes a player's rows: the seed pairs in id order, then the balances
-- in (user, currency) order (settle_bets(), the money primitive for bets, which writes them).

CREATE OR REPLACE FUNCTION public.place_bets(p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[], p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[])
 RETURNS TABLE(status text, detail text, bet_id bigint, balance bigint)
 LANGUAGE plpgsql
AS $function$
      DECLARE
        v_status text[]; -- 'placed' while the bet can still settle
        v_now bigint[];  -- a moved nonce: where the pair is now
        v_balance bigint[];
        v_bet bigint[];
        v_go int[];      -- the bets that can still settle, by position
        v_all boolean;   -- all of them
      BEGIN
        IF (SELECT count(DISTINCT u) FROM unnest(p_user) u) <> cardinality(p_user) THEN
          RAISE EXCEPTION 'place_bets: a player appears twice in one call' USING ERRCODE = '22023';
        END IF;

        -- the session may bet (CC401: not live; CC407: live, but the wallet it plays was never
        -- proven); limits or AMINA hand the bet back to place_bet(), which runs the guards
        SELECT array_agg(CASE
                 WHEN s.token_hash IS NULL THEN 'CC401'
                 WHEN t.need_verified AND s.ownership_verified_at IS NULL THEN 'CC407'
                 WHEN t.currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits l WHERE l.user_id = t.user_id) THEN 'guarded'
                 ELSE 'placed' END ORDER BY t.i)
          INTO v_status
          FROM unnest(p_token, p_user, p_need_verified, p_currency) WITH ORDINALITY AS t(token, user_id, need_verified, currency, i)
          LEFT JOIN sessions s ON s.token_hash = t.token AND s.user_id = t.user_id AND s.revoked_at IS NULL
            AND s.expires_at > now();

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

        RETURN QUERY
          SELECT v_status[i], v_now[i]::text, v_bet[i], v_balance[i]
            FROM generate_subscripts(p_user, 1) AS i ORDER BY i;
      END $function$;

CREATE OR REPLACE FUNCTION public.place_bets(p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[], p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[], p_key text[], p_key_hash text[])
 RETURNS TABLE(status text, detail text, bet_id bigint, balance bigint)
 LANGUAGE plpgsql
AS $function$
      DECLARE
        v_taken boolean[]; -- the bet's key already has a request
        v_go int[];        -- the bets placed, by position
        v_status text[];   -- the unkeyed place_bets()'s answer for them, column by column
        v_detail text[];
        v_bet bigint[];
        v_balance bigint[];
      BEGIN
        IF (SELECT count(DISTINCT u) FROM unnest(p_user) u) <> cardinality(p_user) THEN
          RAISE EXCEPTION 'place_bets: a player appears twice in one call' USING ERRCODE = '22023';
        END IF;

        WITH claimed AS (
          INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
            SELECT t.user_id, t.key, t.hash, 0, 'null'
              FROM unnest(p_user, p_key, p_key_hash) AS t(user_id, key, hash)
              WHERE t.key IS NOT NULL ORDER BY t.user_id
            ON CONFLICT (user_id, key) DO NOTHING
            RETURNING user_id)
        SELECT array_agg(t.key IS NOT NULL AND c.user_id IS NULL ORDER BY t.i)
          INTO v_taken
          FROM unnest(p_user, p_key) WITH ORDINALITY AS t(user_id, key, i)
          LEFT JOIN claimed c ON c.user_id = t.user_id;

        v_go := ARRAY(SELECT i FROM generate_subscripts(p_user, 1) AS i WHERE NOT v_taken[i] ORDER BY i);
        IF cardinality(v_go) = cardinality(p_user) THEN
          SELECT array_agg(r.status ORDER BY r.n), array_agg(r.detail ORDER BY r.n), array_agg(r.bet_id ORDER BY r.n), array_agg(r.balance ORDER BY r.n)
            INTO v_status, v_detail, v_bet, v_balance
            FROM place_bets(p_token, p_user, p_need_verified, p_currency, p_stake, p_payout, p_pair, p_nonce, p_game, p_multiplier, p_outcome)
              WITH ORDINALITY AS r(status, detail, bet_id, balance, n);
        ELSIF cardinality(v_go) > 0 THEN
          SELECT array_agg(r.status ORDER BY r.n), array_agg(r.detail ORDER BY r.n), array_agg(r.bet_id ORDER BY r.n), array_agg(r.balance ORDER BY r.n)
            INTO v_status, v_detail, v_bet, v_balance
            FROM place_bets(array_pick(p_token, v_go), array_pick(p_user, v_go), array_pick(p_need_verified, v_go), array_pick(p_currency, v_go), array_pick(p_stake, v_go), array_pick(p_payout, v_go), array_pick(p_pair, v_go), array_pick(p_nonce, v_go), array_pick(p_game, v_go), array_pick(p_multiplier, v_go), array_pick(p_outcome, v_go))
              WITH ORDINALITY AS r(status, detail, bet_id, balance, n);
        END IF;

        -- a bet refused here sends its key back: its retry (alone, or corrected) claims it again
        DELETE FROM idempotency_keys k
          USING generate_subscripts(v_go, 1) AS g(n)
          WHERE v_status[g.n] <> 'placed' AND k.user_id = p_user[v_go[g.n]] AND k.key = p_key[v_go[g.n]];

        -- a bet placed: its key names it until its answer is stored, so a retry after a lost answer replays it
        UPDATE idempotency_keys k SET response = jsonb_build_object('bet', v_bet[g.n]::text)
          FROM generate_subscripts(v_go, 1) AS g(n)
          WHERE v_status[g.n] = 'placed' AND k.user_id = p_user[v_go[g.n]] AND k.key = p_key[v_go[g.n]];

        -- in call order: a taken key answers CC208, every other bet its row
        RETURN QUERY
          SELECT coalesce(v_status[g.n], 'CC208'), v_detail[g.n], v_bet[g.n], v_balance[g.n]
            FROM generate_subscripts(p_user, 1) AS i
            LEFT JOIN generate_subscripts(v_go, 1) AS g(n) ON v_go[g.n] = i
            ORDER BY i;
      END $function$;
