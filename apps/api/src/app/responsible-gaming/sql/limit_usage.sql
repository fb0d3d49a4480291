-- limit_usage(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- What counts against each of a player's limits in one currency, over rolling windows ending now:
--   loss    net loss of the bets settled in the window (stake - payout) plus the stakes held by open rounds
--   wager   stakes of the bets settled in the window plus the stakes held by open rounds
--   deposit AMINA deposits credited in the window (chain_deposits)
-- One row per (kind, period) (deposit: AMINA only), with the limit (NULL: none) and `used`; p_days bounds the
-- scan of bets: a loss or wager window longer than p_days answers used NULL. check_play_allowed() and the
-- responsible-gaming page both read it, so what the page says is left is what the guard allows.

CREATE OR REPLACE FUNCTION public.limit_usage(p_user bigint, p_currency currency, p_days integer)
 RETURNS TABLE(kind text, period text, live bigint, pending_value bigint, pending_at timestamptz, used bigint)
 LANGUAGE plpgsql
 STABLE
AS $function$
  DECLARE
    s record;
    v_open bigint;
  BEGIN
    SELECT COALESCE(sum(b.amount - b.payout) FILTER (WHERE b.created_at >= now() - interval '24 hours'), 0) AS loss_24h,
           COALESCE(sum(b.amount - b.payout) FILTER (WHERE b.created_at >= now() - interval '7 days'), 0) AS loss_7d,
           COALESCE(sum(b.amount - b.payout), 0) AS loss_30d,
           COALESCE(sum(b.amount) FILTER (WHERE b.created_at >= now() - interval '24 hours'), 0) AS wager_24h,
           COALESCE(sum(b.amount) FILTER (WHERE b.created_at >= now() - interval '7 days'), 0) AS wager_7d,
           COALESCE(sum(b.amount), 0) AS wager_30d
      INTO s FROM bets b
      WHERE b.user_id = p_user AND b.currency = p_currency AND b.created_at >= now() - make_interval(days => p_days);
    SELECT COALESCE(sum(g.staked), 0) INTO v_open FROM game_rounds g
      WHERE g.user_id = p_user AND g.currency = p_currency AND g.status = 'open';
    RETURN QUERY
      SELECT k.kind, k.period, w.live, w.pending_value, w.pending_at,
             CASE
               WHEN k.kind = 'deposit' THEN
                 (SELECT COALESCE(sum(d.amount), 0)::bigint FROM chain_deposits d
                   WHERE d.user_id = p_user AND d.status <> 'parked' AND d.created_at >= now() - make_interval(days => k.days))
               WHEN k.days > p_days THEN NULL
               ELSE v_open + CASE k.kind || ' ' || k.period
                 WHEN 'loss 24h' THEN s.loss_24h WHEN 'loss 7d' THEN s.loss_7d WHEN 'loss 30d' THEN s.loss_30d
                 WHEN 'wager 24h' THEN s.wager_24h WHEN 'wager 7d' THEN s.wager_7d ELSE s.wager_30d END
             END::bigint
        FROM (VALUES ('loss', '24h', 1, 1), ('loss', '7d', 7, 2), ('loss', '30d', 30, 3),
                     ('wager', '24h', 1, 4), ('wager', '7d', 7, 5), ('wager', '30d', 30, 6),
                     ('deposit', '24h', 1, 7), ('deposit', '7d', 7, 8), ('deposit', '30d', 30, 9)) AS k(kind, period, days, ord)
        LEFT JOIN player_limit_windows w
          ON w.user_id = p_user AND w.currency = p_currency AND w.kind = k.kind AND w.period = k.period
        WHERE k.kind <> 'deposit' OR p_currency = 'AMINA'
        ORDER BY k.ord;
  END $function$;
