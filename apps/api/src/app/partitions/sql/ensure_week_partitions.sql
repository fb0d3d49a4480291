-- ensure_week_partitions(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.

CREATE OR REPLACE FUNCTION public.ensure_week_partitions(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
      DECLARE
        v_week timestamptz := date_trunc('week', p_from, 'UTC');
        v_day text;
        v_made int := 0;
      BEGIN
        WHILE v_week < p_to LOOP
          v_day := to_char(v_week AT TIME ZONE 'UTC', 'YYYYMMDD');
          IF to_regclass('bets_w' || v_day) IS NULL THEN
            EXECUTE format('CREATE TABLE %I PARTITION OF bets FOR VALUES FROM (%L) TO (%L)', 'bets_w' || v_day, v_week, v_week + interval '7 days');
            EXECUTE format('CREATE UNIQUE INDEX %I ON %I (seed_pair_id, nonce)', 'bets_w' || v_day || '_pair_nonce', 'bets_w' || v_day);
            v_made := v_made + 1;
          END IF;
          IF to_regclass('ledger_w' || v_day) IS NULL THEN
            EXECUTE format('CREATE TABLE %I PARTITION OF ledger FOR VALUES FROM (%L) TO (%L)', 'ledger_w' || v_day, v_week, v_week + interval '7 days');
            v_made := v_made + 1;
          END IF;
          v_week := v_week + interval '7 days';
        END LOOP;
        RETURN v_made;
      END $function$;
