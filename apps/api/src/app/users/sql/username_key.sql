-- username_key(): its live definition. The merged migration 1763702900000 created it first (its index
-- needs it) and stays as merged; database/repeatable-sql.ts applies this file after the versioned
-- migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The form two usernames must not share (the unique index users_username_folded_uniq): usernames
-- are ASCII letters, digits and `_` (libs/contracts/src/lib/users.ts), so folding covers case and
-- the look-alikes the live feed's font cannot tell apart: 0 and o; 1, l, i (and I); rn and m; vv and w.

CREATE OR REPLACE FUNCTION public.username_key(name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$ SELECT replace(replace(translate(lower(name), '01i', 'oll'), 'rn', 'm'), 'vv', 'w') $function$;
