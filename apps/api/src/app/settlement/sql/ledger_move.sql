-- ledger_move(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- The money primitive for every movement that is not a bet's own settlement (a round's stake, the
-- signup grant and allowance, deposits, withdrawals and refunds, poker buy-in and cash-out,
-- adjustments): moves the balance by p_delta only if it stays >= 0 and writes its ledger row with
-- the balance after, so balance = sum of ledger deltas by construction. Answers the balance after,
-- or NULL (nothing written) when the balance is short.

CREATE OR REPLACE FUNCTION public.ledger_move(
  p_user bigint, p_currency currency, p_delta bigint, p_kind text, p_ref text)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
  DECLARE
    v_balance bigint;
  BEGIN
    UPDATE balances SET amount = amount + p_delta
      WHERE user_id = p_user AND currency = p_currency AND amount + p_delta >= 0
      RETURNING amount INTO v_balance;
    IF NOT FOUND THEN RETURN NULL; END IF;
    INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
      VALUES (p_user, p_currency, p_delta, v_balance, p_kind, p_ref);
    RETURN v_balance;
  END $function$;
