-- open_balances(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- A new player's balances, both at 0 (the signup grant then moves HC through ledger_move()).

CREATE OR REPLACE FUNCTION public.open_balances(p_user bigint)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO balances (user_id, currency, amount) VALUES (p_user, 'HC', 0), (p_user, 'AMINA', 0);
$function$;
