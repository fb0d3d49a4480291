-- claim_requests(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The one session check of the game SQL, and the one Idempotency-Key claim, for one request or for
-- several players' requests at once (place_bets(): one per player). Answers, per request in call
-- order, NULL when it may go on, or why not: 'CC401' its session is not live (revoked, expired or
-- unknown), 'CC407' the session has not proven its wallet while the call needs it (p_need_verified),
-- 'CC208' its key (when given) already has a request. The key of a request that may go on is
-- inserted with no answer yet, in player order (the lock order of the bets); a refused request
-- claims nothing. claim_request() is the one-request form that raises the code.
--
-- Its statements keep one plan (a generic plan). Left to choose, PostgreSQL finds a plan for the
-- arrays at hand cheaper than one for arrays of any length, and plans again on every call, which
-- costs more than the check itself (one request: 57 µs a call against 15, in a loop on a table of
-- 10,000 sessions).

CREATE OR REPLACE FUNCTION public.claim_requests(p_token bytea[], p_user bigint[], p_need_verified boolean[], p_key text[], p_key_hash text[])
 RETURNS text[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
      DECLARE
        v_refused text[];
      BEGIN
        SELECT array_agg(CASE WHEN s.token_hash IS NULL THEN 'CC401'
                              WHEN t.need_verified AND s.ownership_verified_at IS NULL THEN 'CC407' END ORDER BY t.i)
          INTO v_refused
          FROM unnest(p_token, p_user, p_need_verified) WITH ORDINALITY AS t(token, user_id, need_verified, i)
          LEFT JOIN sessions s ON s.token_hash = t.token AND s.user_id = t.user_id AND s.revoked_at IS NULL
            AND s.expires_at > now();
        IF p_key IS NULL OR cardinality(array_remove(p_key, NULL)) = 0 THEN -- no keys: nothing to claim
          RETURN v_refused;
        END IF;

        WITH claimed AS (
          INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
            SELECT t.user_id, t.key, t.hash, 0, 'null'
              FROM unnest(p_user, p_key, p_key_hash, v_refused) AS t(user_id, key, hash, refused)
              WHERE t.key IS NOT NULL AND t.refused IS NULL ORDER BY t.user_id
            ON CONFLICT (user_id, key) DO NOTHING
            RETURNING user_id, key)
        SELECT array_agg(CASE WHEN t.refused IS NOT NULL THEN t.refused
                              WHEN t.key IS NOT NULL AND c.user_id IS NULL THEN 'CC208' END ORDER BY t.i)
          INTO v_refused
          FROM unnest(p_user, p_key, v_refused) WITH ORDINALITY AS t(user_id, key, refused, i)
          LEFT JOIN claimed c ON c.user_id = t.user_id AND c.key = t.key;
        RETURN v_refused;
      END $function$;
