-- array_pick(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.

CREATE OR REPLACE FUNCTION public.array_pick(p anyarray, p_at integer[])
 RETURNS anyarray
 LANGUAGE sql
 IMMUTABLE
AS $function$ SELECT ARRAY(SELECT p[g.i] FROM unnest(p_at) WITH ORDINALITY AS g(i, o) ORDER BY g.o) $function$;
