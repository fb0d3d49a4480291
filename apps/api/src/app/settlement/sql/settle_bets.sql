-- settle_bets(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The money primitive for bets, the only SQL that writes a bet: every entry that settles one (an
-- instant bet alone in place_bet() or batched in place_bets(), a spin, a free spin, a bonus
-- purchase or a round's end in settle_bet()) ends here. For each bet, in call order: moves the
-- player's balance once by the payout less p_debit (what was not staked before: an instant bet's or
-- a spin's stake, a purchase's cost) only if it covers the debit, writes the bet row and its ledger
-- rows (the debit, then the win, each only when not zero, ref 'bet:<id>'; the debit row shows the
-- balance between the two, as two steps would). Answers one row per bet in call order: its id and
-- the balance after, or two NULLs (nothing of it written) when the balance is short.
--
-- Lock order, as every bet takes a player's rows: the seed pairs in id order, then the balances in
-- (user, currency) order. The callers hold the pairs already (place_bet() and place_bets() as they
-- move the nonce, settle_bet() with a key-share lock: the bet row's foreign key would take it after
-- the balance, and deadlock with a rotation queued on the pair); this takes the balances. A player
-- appears at most once per call.

CREATE OR REPLACE FUNCTION public.settle_bets(
  p_user bigint[], p_game text[], p_currency currency[], p_amount bigint[], p_payout bigint[],
  p_multiplier text[], p_pair bigint[], p_nonce bigint[], p_outcome jsonb[], p_debit bigint[],
  p_debit_kind text[])
 RETURNS TABLE(bet_id bigint, balance bigint)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
  DECLARE
    v_balance bigint[];
    v_bet bigint[];
  BEGIN
    IF (SELECT count(DISTINCT u) FROM unnest(p_user) u) <> cardinality(p_user) THEN
      RAISE EXCEPTION 'settle_bets: a player appears twice in one call' USING ERRCODE = '22023';
    END IF;

    PERFORM 1 FROM balances b
      WHERE (b.user_id, b.currency) IN (SELECT * FROM unnest(p_user, p_currency))
      ORDER BY b.user_id, b.currency FOR UPDATE;

    WITH paid AS (
      UPDATE balances b SET amount = b.amount - t.debit + t.payout
        FROM unnest(p_user, p_currency, p_debit, p_payout) AS t(user_id, currency, debit, payout)
        WHERE b.user_id = t.user_id AND b.currency = t.currency AND b.amount >= t.debit
        RETURNING b.user_id, b.amount)
    SELECT array_agg(paid.amount ORDER BY t.i)
      INTO v_balance
      FROM unnest(p_user) WITH ORDINALITY AS t(user_id, i)
      LEFT JOIN paid ON paid.user_id = t.user_id;

    WITH settled AS (
      SELECT t.*, v_balance[t.i] AS balance_after
        FROM unnest(p_user, p_game, p_currency, p_amount, p_payout, p_multiplier, p_pair, p_nonce, p_outcome, p_debit, p_debit_kind)
          WITH ORDINALITY AS t(user_id, game, currency, amount, payout, multiplier, pair, nonce, outcome, debit, debit_kind, i)
        WHERE v_balance[t.i] IS NOT NULL),
    bet AS (
      INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
        SELECT s.user_id, s.game, s.currency, s.amount, s.payout, s.multiplier, s.pair, s.nonce, s.outcome
          FROM settled s ORDER BY s.i
        RETURNING id, user_id),
    entry AS (
      INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
        SELECT s.user_id, s.currency, e.delta, e.balance_after, e.kind, 'bet:' || bet.id
          FROM settled s JOIN bet ON bet.user_id = s.user_id
          CROSS JOIN LATERAL (VALUES (1, -s.debit, s.balance_after - s.payout, s.debit_kind),
                                     (2, s.payout, s.balance_after, 'win')) AS e(k, delta, balance_after, kind)
          WHERE e.delta <> 0
          ORDER BY s.i, e.k)
    SELECT array_agg(bet.id ORDER BY t.i)
      INTO v_bet
      FROM unnest(p_user) WITH ORDINALITY AS t(user_id, i)
      LEFT JOIN bet ON bet.user_id = t.user_id;

    RETURN QUERY
      SELECT v_bet[i], v_balance[i] FROM generate_subscripts(p_user, 1) AS i ORDER BY i;
  END $function$;
