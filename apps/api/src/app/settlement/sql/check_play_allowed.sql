-- check_play_allowed(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The play guard every bet passes (place_bet, round_open, round_act): the operators' AMINA pause (CC423); a
-- time-out or self-exclusion in force (CC403, DETAIL '<kind> <until>'); one that ended and the player has not
-- confirmed playing again (CC428, DETAIL '<kind>'); AMINA locked from play by a deposit beyond the deposit limit
-- (CC429, DETAIL 'deposit-lock <playable> <currency> <until>'); and the loss and wager limits over 24 hours, 7 days and 30 days
-- (responsible-gaming/sql/limit_usage.sql), where the limit with the least left refuses first
-- (CC429, DETAIL '<kind> <period> <left> <currency>'); a reality check due and not yet acknowledged (CC440, from
-- responsible-gaming/sql/reality_check_gate.sql, which also starts the play session a stake opens). Reality checks
-- are on for every AMINA stake (hourly unless the player chose less) and for House Coins when the player chose them.

CREATE OR REPLACE FUNCTION public.check_play_allowed(p_user bigint, p_currency currency, p_stake bigint)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
  DECLARE
    v_until timestamptz;
    v_kind text;
    v_confirm boolean;
    v_days integer;
    v_locked bigint;
    v_balance bigint;
    v_lock_until timestamptz;
    v_check integer;
    v record;
  BEGIN
    IF p_currency = 'AMINA' AND EXISTS (SELECT 1 FROM operator_switches WHERE name = 'amina_paused' AND active) THEN
      RAISE EXCEPTION 'AMINA play is paused by the operators' USING ERRCODE = 'CC423';
    END IF;
    -- held until the bet's transaction ends: the player's other bets wait here, and a limit change waits for them
    SELECT self_excluded_until, COALESCE(exclusion_kind, 'self-exclusion'), play_confirm_needed,
           CASE p_currency WHEN 'AMINA' THEN reality_check_amina ELSE reality_check_hc END
      INTO v_until, v_kind, v_confirm, v_check FROM player_limits WHERE user_id = p_user FOR UPDATE;
    IF NOT FOUND THEN
      -- no tools set: AMINA play still has its hourly reality check
      IF p_currency = 'AMINA' AND p_stake > 0 THEN PERFORM reality_check_gate(p_user, p_currency, 3600); END IF;
      RETURN;
    END IF;
    IF v_until IS NOT NULL AND v_until > now() THEN
      RAISE EXCEPTION '% until %', v_kind, v_until USING ERRCODE = 'CC403',
        DETAIL = v_kind || ' ' || to_char(v_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
    END IF;
    IF v_confirm THEN
      RAISE EXCEPTION '% ended, not yet confirmed', v_kind USING ERRCODE = 'CC428', DETAIL = v_kind;
    END IF;
    IF v_check IS NOT NULL AND p_stake > 0 THEN PERFORM reality_check_gate(p_user, p_currency, v_check); END IF;

    IF p_currency = 'AMINA' AND p_stake > 0 THEN
      SELECT COALESCE(sum(play_locked), 0), min(locked_until) INTO v_locked, v_lock_until FROM chain_deposits
        WHERE user_id = p_user AND play_locked > 0 AND locked_until > now();
      IF v_locked > 0 THEN
        SELECT amount INTO v_balance FROM balances WHERE user_id = p_user AND currency = 'AMINA';
        IF COALESCE(v_balance, 0) - v_locked < p_stake THEN
          RAISE EXCEPTION 'deposit excess locked from play' USING ERRCODE = 'CC429',
            DETAIL = 'deposit-lock ' || GREATEST(COALESCE(v_balance, 0) - v_locked, 0) || ' AMINA '
              || to_char(v_lock_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
        END IF;
      END IF;
    END IF;

    SELECT max(CASE w.period WHEN '24h' THEN 1 WHEN '7d' THEN 7 ELSE 30 END) INTO v_days FROM player_limit_windows w
      WHERE w.user_id = p_user AND w.currency = p_currency AND w.kind IN ('loss', 'wager') AND w.live IS NOT NULL;
    IF v_days IS NULL THEN RETURN; END IF;
    -- a new statement, so a new snapshot: it sees every bet committed before the lock was granted
    SELECT u.kind, u.period, u.live - u.used AS left_ INTO v
      FROM limit_usage(p_user, p_currency, v_days) u
      WHERE u.kind IN ('loss', 'wager') AND u.live IS NOT NULL AND u.used + p_stake > u.live
      ORDER BY u.live - u.used, u.live LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION '% % limit', v.period, v.kind USING ERRCODE = 'CC429',
        DETAIL = v.kind || ' ' || v.period || ' ' || GREATEST(v.left_, 0) || ' ' || p_currency;
    END IF;
  END $function$;
