-- settle_bet(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- A bet's settlement alone (a slots spin, a free spin or a bonus purchase, the end of a hi-lo run
-- or a blackjack hand; place_bet()'s instant bet): writes it through settle_bets(), the money
-- primitive for bets, and closes p_round when given. Answers {bet id, balance after}, or NULL
-- (nothing written) when the balance does not cover p_debit.

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
    SELECT s.bet_id, s.balance INTO v_bet, v_balance
      FROM settle_bets(ARRAY[p_user], ARRAY[p_game], ARRAY[p_currency], ARRAY[p_amount], ARRAY[p_payout],
                       ARRAY[p_multiplier], ARRAY[p_pair], ARRAY[p_nonce], ARRAY[p_outcome], ARRAY[p_debit],
                       ARRAY[p_debit_kind]) AS s;
    IF v_bet IS NULL THEN RETURN NULL; END IF;

    IF p_round IS NOT NULL THEN
      PERFORM close_rounds(ARRAY[p_round], ARRAY[p_round_state], ARRAY[v_bet]);
    END IF;
    RETURN ARRAY[v_bet, v_balance];
  END $function$;
