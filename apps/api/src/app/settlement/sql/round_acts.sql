-- round_acts(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- Several players' round actions (hi-lo, blackjack, slots free spins; games/bet-batcher.ts's group commit) in one statement and one
-- commit: round_act() for each, in the one loop of round_writes() (p_kind 'act'), which holds the
-- rules: each action's refusal its own, the lock order. Answers one row per action, in call order:
-- `status` 'acted' with the bet id (when the action ended its round), the balance after and the round's
-- version while it stays open (round_act()'s third answer), or the refusal's SQLSTATE with its DETAIL.

CREATE OR REPLACE FUNCTION public.round_acts(
  p_token bytea[], p_user bigint[], p_need_verified boolean[], p_round bigint[], p_seen xid[], p_state jsonb[],
  p_plays_on boolean[], p_extra bigint[], p_ends boolean[], p_staked bigint[], p_payout bigint[], p_multiplier text[],
  p_key text[], p_key_hash text[], p_draw_nonce bigint[], p_outcome jsonb[])
 RETURNS TABLE (status text, detail text, bet_id bigint, balance bigint, version bigint)
 LANGUAGE plpgsql
AS $function$
  BEGIN
    RETURN QUERY SELECT * FROM round_writes('act', p_token, p_user, p_need_verified, p_state, p_key, p_key_hash,
      NULL, NULL, NULL, NULL, NULL,
      p_round, p_seen, p_plays_on, p_extra, p_ends, p_staked, p_payout, p_multiplier, NULL, NULL, p_draw_nonce, p_outcome);
  END $function$;
