-- reality_check_gate(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The reality check on a stake, called by check_play_allowed() for a player whose reality checks are on in the
-- currency (p_seconds: the interval). With no session going (none yet, the player left, or 30 minutes without a
-- bet) the stake starts one, due p_seconds from now. While the check is due and not yet acknowledged
-- (responsible-gaming.repository.ts: acknowledge) the stake is refused: CC440, DETAIL '<currency>'.
-- Writes play_sessions only; inside the bet's transaction, so a refused bet starts nothing.

CREATE OR REPLACE FUNCTION public.reality_check_gate(p_user bigint, p_currency currency, p_seconds integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
  DECLARE
    s record;
  BEGIN
    SELECT started_at, due_at, last_play_at INTO s FROM play_sessions
      WHERE user_id = p_user AND currency = p_currency FOR UPDATE;
    IF NOT FOUND OR s.started_at IS NULL OR s.last_play_at < now() - interval '30 minutes' THEN
      INSERT INTO play_sessions (user_id, currency, started_at, due_at, last_play_at)
        VALUES (p_user, p_currency, now(), now() + make_interval(secs => p_seconds), now())
        ON CONFLICT (user_id, currency) DO UPDATE
          SET started_at = EXCLUDED.started_at, due_at = EXCLUDED.due_at, last_play_at = EXCLUDED.last_play_at;
      RETURN;
    END IF;
    IF s.due_at <= now() THEN
      RAISE EXCEPTION 'reality check due' USING ERRCODE = 'CC440', DETAIL = p_currency::text;
    END IF;
    UPDATE play_sessions SET last_play_at = now() WHERE user_id = p_user AND currency = p_currency;
  END $function$;
