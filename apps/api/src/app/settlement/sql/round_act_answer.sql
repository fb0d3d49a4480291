-- round_act_answer(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- What a keyed round action leaves in its Idempotency-Key's row, its only answer: a retry replays the
-- action from it (games/rounds.repository.ts, writtenUnder): the round, its state before the action, the bet that
-- ended it (or null) and the balance after the action. round_act() writes it for an action written
-- at once, round_writes() for a call's deferred ends.

CREATE OR REPLACE FUNCTION public.round_act_answer(p_round bigint, p_before jsonb, p_bet bigint, p_balance bigint)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
AS $function$ SELECT jsonb_build_object('round', p_round::text, 'before', p_before, 'roundBet', p_bet::text, 'balance', p_balance::text) $function$;
