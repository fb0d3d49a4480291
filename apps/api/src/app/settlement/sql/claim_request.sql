-- claim_request(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- One request's session check and Idempotency-Key claim (place_bet(), round_open(), round_act()):
-- claim_requests() for that request alone, its refusal raised: CC401 the session is not live, CC407
-- the session has not proven its wallet (when p_need_verified), CC208 the key already has a request.

CREATE OR REPLACE FUNCTION public.claim_request(p_token bytea, p_user bigint, p_need_verified boolean, p_key text, p_key_hash text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      BEGIN
        CASE (claim_requests(ARRAY[p_token], ARRAY[p_user], ARRAY[p_need_verified], ARRAY[p_key], ARRAY[p_key_hash]))[1]
          WHEN 'CC401' THEN RAISE EXCEPTION 'session not valid for this call' USING ERRCODE = 'CC401';
          WHEN 'CC407' THEN RAISE EXCEPTION 'the session has not proven its wallet' USING ERRCODE = 'CC407';
          WHEN 'CC208' THEN RAISE EXCEPTION 'Idempotency-Key already has a request' USING ERRCODE = 'CC208';
          ELSE NULL;
        END CASE;
      END $function$;
