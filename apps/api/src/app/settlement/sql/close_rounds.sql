-- close_rounds(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- Closes settled rounds: each p_round gets its final p_state and the bet p_bet that settled it.
-- settle_bet() closes the one round it settles, round_writes() the deferred ends of a call.

CREATE OR REPLACE FUNCTION public.close_rounds(p_round bigint[], p_state jsonb[], p_bet bigint[])
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE game_rounds r SET status = 'settled', state = t.state, bet_id = t.bet, updated_at = now()
    FROM unnest(p_round, p_state, p_bet) AS t(round, state, bet)
   WHERE r.id = t.round
$function$;
