-- round_act(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- Every action on an open round (a hi-lo guess or cash-out, a blackjack hit, stand, double or split,
-- a slots free spin) in one statement, on the round as the API read it (p_seen: the row's xmin then; CC412 and nothing
-- written when another action changed it first). In order: the session check and the
-- Idempotency-Key claim (claim_request()); the round row; the play guard (check_play_allowed())
-- for an action that plays on or stakes more; the added stake, debited like a bet (ledger_move(),
-- kind 'bet', ref 'round:<id>'); then either the next state, or the end of the round (settle_bet():
-- its bet row, the payout, the round closed). An action that draws (p_draw_nonce: a slots free spin) is
-- a bet of its own instead: it takes the round's pair's nonce, only if it is still p_draw_nonce (CC409
-- with the nonce now), and settles its own bet row at that nonce (settle_bet(): p_staked, p_payout,
-- p_multiplier, p_outcome); the round keeps the next state, or is closed when p_ends (without a bet of
-- its own: each draw has its row). Answers {bet id or NULL, balance, version}: version is the round
-- row's xmin after the write while the round stays open (the next action's p_seen: RoundRunner keeps it,
-- round-runner.ts), NULL once it is closed. With a key, the key's row names what the action wrote (the round, its state before, the bet and balance),
-- and no answer is stored after it: a retry replays the action from there (RoundRunner, round-runner.ts).
-- With p_defer (round_writes(): a round's end, its player's only action in the call), the end's
-- balance row is locked where settle_bet() would lock it and nothing more is written: round_writes()
-- settles the call's deferred ends in one settle_bets() after its loop, closes their rounds and fills
-- their keys' rows. Answers {NULL, NULL, NULL} then. With p_claimed, round_writes() has checked the session
-- and claimed the key already (for the call's players with one action in it), and this does not.

CREATE OR REPLACE FUNCTION public.round_act(
  p_token bytea, p_user bigint, p_need_verified boolean, p_round bigint, p_seen xid, p_state jsonb,
  p_plays_on boolean, p_extra bigint, p_ends boolean, p_staked bigint, p_payout bigint, p_multiplier text,
  p_key text, p_key_hash text, p_draw_nonce bigint, p_outcome jsonb, p_defer boolean DEFAULT false,
  p_claimed boolean DEFAULT false)
 RETURNS bigint[]
 LANGUAGE plpgsql
AS $function$
  DECLARE
    r record;
    v_balance bigint;
    v_settled bigint[];
    v_now bigint;
    v_version bigint;
  BEGIN
    IF NOT p_claimed THEN
      PERFORM claim_request(p_token, p_user, p_need_verified, p_key, p_key_hash);
    END IF;

    -- a draw moves the pair's nonce: the pair before the round, every bet's lock order
    IF p_draw_nonce IS NOT NULL THEN
      PERFORM 1 FROM seed_pairs s JOIN game_rounds g ON g.seed_pair_id = s.id
        WHERE g.id = p_round AND g.user_id = p_user FOR NO KEY UPDATE OF s;
    END IF;

    -- an action that waited here for another one's commit re-reads the row: its xmin has moved
    SELECT game, currency, seed_pair_id, nonce, state INTO r FROM game_rounds
      WHERE id = p_round AND user_id = p_user AND status = 'open' AND xmin = p_seen
      FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION 'round moved' USING ERRCODE = 'CC412'; END IF;

    -- cash-out and stand take no new risk: they end what the round holds whatever the guard says
    IF p_plays_on OR p_extra > 0 THEN
      PERFORM check_play_allowed(p_user, r.currency, p_extra);
    END IF;

    IF p_extra > 0 THEN
      v_balance := ledger_move(p_user, r.currency, -p_extra, 'bet', 'round:' || p_round);
      IF v_balance IS NULL THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;
      UPDATE game_rounds SET staked = staked + p_extra WHERE id = p_round;
    END IF;

    IF p_draw_nonce IS NOT NULL THEN
      UPDATE seed_pairs SET nonce = nonce + 1
        WHERE id = r.seed_pair_id AND user_id = p_user AND active AND nonce = p_draw_nonce;
      IF NOT FOUND THEN
        SELECT nonce INTO v_now FROM seed_pairs WHERE id = r.seed_pair_id AND user_id = p_user AND active;
        RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409', DETAIL = COALESCE(v_now::text, '');
      END IF;
      v_settled := settle_bet(p_user, r.game, r.currency, p_staked, p_payout, p_multiplier, r.seed_pair_id,
                              p_draw_nonce, p_outcome, 0, 'bet', NULL, NULL);
      IF v_settled IS NULL THEN RAISE EXCEPTION 'no balance' USING ERRCODE = 'CC402'; END IF;
      UPDATE game_rounds SET state = p_state, status = CASE WHEN p_ends THEN 'settled' ELSE status END,
                             updated_at = now()
        WHERE id = p_round
        RETURNING CASE WHEN NOT p_ends THEN xmin::text::bigint END INTO v_version;
      v_settled := v_settled || v_version;
    ELSIF NOT p_ends THEN
      UPDATE game_rounds SET state = p_state, updated_at = now() WHERE id = p_round
        RETURNING xmin::text::bigint INTO v_version;
      IF v_balance IS NULL THEN
        SELECT amount INTO v_balance FROM balances WHERE user_id = p_user AND currency = r.currency;
      END IF;
      v_settled := ARRAY[NULL, v_balance, v_version];
    ELSIF p_defer THEN
      -- the round's pair is key-share locked by round_writes() already; the balance in the player's turn
      PERFORM 1 FROM balances WHERE user_id = p_user AND currency = r.currency FOR UPDATE;
      RETURN ARRAY[NULL, NULL, NULL]::bigint[];
    ELSE
      -- the round's stakes are already debited: its bet row holds them, the payout is credited
      v_settled := settle_bet(p_user, r.game, r.currency, p_staked, p_payout, p_multiplier, r.seed_pair_id, r.nonce,
                              p_state, 0, 'bet', p_round, p_state);
      IF v_settled IS NULL THEN RAISE EXCEPTION 'no balance' USING ERRCODE = 'CC402'; END IF;
      v_settled := v_settled || NULL::bigint;
    END IF;

    IF p_key IS NOT NULL THEN
      UPDATE idempotency_keys
         SET response = round_act_answer(p_round, r.state, v_settled[1], v_settled[2])
       WHERE user_id = p_user AND key = p_key;
    END IF;
    RETURN v_settled;
  END $function$;
