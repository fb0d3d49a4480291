-- ledger_row_hash(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.

CREATE OR REPLACE FUNCTION public.ledger_row_hash(p_id bigint, p_user bigint, p_currency currency, p_delta bigint, p_balance_after bigint, p_kind text, p_ref text, p_created_at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
        SELECT hashtextextended(concat_ws('|', p_id, p_user, p_currency, p_delta, p_balance_after, quote_literal(p_kind), quote_nullable(p_ref), (extract(epoch FROM p_created_at) * 1000000)::bigint), 0)
      $function$;
