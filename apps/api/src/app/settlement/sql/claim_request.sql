-- claim_request(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The one session check of the game SQL, and the Idempotency-Key claim: the session must be live
-- (CC401: revoked, expired or unknown) and, when p_need_verified, have proven its wallet (CC407);
-- a key (when given) is inserted with no answer yet, or CC208 when it already has a request.

CREATE OR REPLACE FUNCTION public.claim_request(p_token bytea, p_user bigint, p_need_verified boolean, p_key text, p_key_hash text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      DECLARE
        v_proven boolean;
      BEGIN
        SELECT ownership_verified_at IS NOT NULL INTO v_proven FROM sessions
          WHERE token_hash = p_token AND user_id = p_user AND revoked_at IS NULL AND expires_at > now();
        IF NOT FOUND THEN RAISE EXCEPTION 'session not valid for this call' USING ERRCODE = 'CC401'; END IF;
        IF p_need_verified AND NOT v_proven THEN
          RAISE EXCEPTION 'the session has not proven its wallet' USING ERRCODE = 'CC407';
        END IF;

        IF p_key IS NOT NULL THEN
          INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response)
            VALUES (p_user, p_key, p_key_hash, 0, 'null')
            ON CONFLICT (user_id, key) DO NOTHING;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'Idempotency-Key already has a request' USING ERRCODE = 'CC208';
          END IF;
        END IF;
      END $function$;
