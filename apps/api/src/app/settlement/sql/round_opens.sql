-- round_opens(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- Several players' round openings (a hi-lo start, a blackjack deal, a slots bonus buy or triggering spin; games/bet-batcher.ts's group
-- commit) in one statement and one commit: round_open() for each, in the one loop of
-- round_writes() (p_kind 'open'), which holds the rules: each opening's refusal its own, the lock
-- order. Answers one row per opening, in call order: `status` 'opened' with the round id, the
-- balance after and the round's version (its xmin), or the refusal's SQLSTATE with its DETAIL
-- (CC409: the pair's nonce now).

CREATE OR REPLACE FUNCTION public.round_opens(
  p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[],
  p_pair bigint[], p_nonce bigint[], p_game text[], p_state jsonb[], p_key text[], p_key_hash text[],
  p_bet_amount bigint[], p_bet_outcome jsonb[], p_bet_payout bigint[], p_bet_multiplier text[], p_bet_kind text[])
 RETURNS TABLE (status text, detail text, round_id bigint, balance bigint, version bigint)
 LANGUAGE plpgsql
AS $function$
  BEGIN
    RETURN QUERY SELECT * FROM round_writes('open', p_token, p_user, p_need_verified, p_state, p_key, p_key_hash,
      p_currency, p_stake, p_pair, p_nonce, p_game,
      NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, p_bet_amount, p_bet_outcome, NULL, NULL,
      p_bet_payout, p_bet_multiplier, p_bet_kind);
  END $function$;
