-- settle_bet(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The money primitive for a bet's settlement (a slots spin, a free spin or a bonus purchase, the end
-- of a hi-lo run or a blackjack hand): takes the player's rows in every bet's order (the seed pair's
-- key-share lock, then the balance), moves the balance once by the payout less p_debit (what was not
-- staked before: a spin's stake, a purchase's cost) only if it covers the debit, writes the bet row
-- and its ledger rows (the debit, then the win, each only when not zero, ref 'bet:<id>'; the debit
-- row shows the balance between the two, as two steps would), and closes p_round when given.
-- Answers {bet id, balance after}, or NULL (nothing written) when the balance is short.

CREATE OR REPLACE FUNCTION public.settle_bet(
  p_user bigint, p_game text, p_currency currency, p_amount bigint, p_payout bigint, p_multiplier text,
  p_pair bigint, p_nonce bigint, p_outcome jsonb, p_debit bigint, p_debit_kind text,
  p_round bigint, p_round_state jsonb)
 RETURNS bigint[]
 LANGUAGE plpgsql
AS $function$
  DECLARE
    v_balance bigint;
    v_bet bigint;
  BEGIN
    -- the pair before the balance: the bet row's foreign key would take them the other way round
    -- at the end of the statement, and deadlock with a rotation queued on the pair
    PERFORM 1 FROM seed_pairs WHERE id = p_pair FOR KEY SHARE;
    UPDATE balances SET amount = amount - p_debit + p_payout
      WHERE user_id = p_user AND currency = p_currency AND amount >= p_debit
      RETURNING amount INTO v_balance;
    IF NOT FOUND THEN RETURN NULL; END IF;

    INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
      VALUES (p_user, p_game, p_currency, p_amount, p_payout, p_multiplier, p_pair, p_nonce, p_outcome)
      RETURNING id INTO v_bet;
    IF p_debit <> 0 THEN
      INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
        VALUES (p_user, p_currency, -p_debit, v_balance - p_payout, p_debit_kind, 'bet:' || v_bet);
    END IF;
    IF p_payout <> 0 THEN
      INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
        VALUES (p_user, p_currency, p_payout, v_balance, 'win', 'bet:' || v_bet);
    END IF;

    IF p_round IS NOT NULL THEN
      UPDATE game_rounds SET status = 'settled', state = p_round_state, bet_id = v_bet, updated_at = now()
        WHERE id = p_round;
    END IF;
    RETURN ARRAY[v_bet, v_balance];
  END $function$;
