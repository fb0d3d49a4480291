-- close_idle_guests(): its live definition, the only one. database/repeatable-sql.ts applies this file after the
-- versioned migrations whenever its checksum changes; sql-functions.int-spec.ts keeps the database equal to it.
--
-- Deletes, whole, up to p_batch guests older than p_days who never did anything: no bet, round,
-- claim, limit, poker seat or hand, and no ledger row but the sign-up grant (the opening House
-- Coins, untouched). A live session does not keep them: it holds nothing of value, and the page
-- opens a fresh guest with the same id on its next load. Their rows go in one statement (NO ACTION
-- foreign keys are checked at its end), so a guest is deleted whole or not at all; the ledger loses
-- the grant together with the balance it made, so balance = sum of the ledger stays exact.
-- Answers how many guests it deleted.

CREATE OR REPLACE FUNCTION public.close_idle_guests(p_days integer, p_batch integer)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
  DECLARE
    v_deleted integer;
  BEGIN
    WITH doomed AS (
           SELECT u.id FROM users u
            WHERE u.is_guest AND u.created_at < now() - make_interval(days => p_days)
              AND NOT EXISTS (SELECT 1 FROM ledger l WHERE l.user_id = u.id AND l.kind <> 'signup')
              AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM game_rounds r WHERE r.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM seed_pairs p WHERE p.user_id = u.id AND (p.nonce > 0 OR NOT p.active))
              AND NOT EXISTS (SELECT 1 FROM player_limits pl WHERE pl.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM poker_seats ps WHERE ps.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM poker_wallets pw WHERE pw.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM poker_hand_players ph WHERE ph.user_id = u.id)
              -- rows a guest cannot make today; one would fail the whole batch's statement
              AND NOT EXISTS (SELECT 1 FROM ownership_challenges oc WHERE oc.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM deposit_intents di WHERE di.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM chain_deposits cd WHERE cd.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM withdrawals w WHERE w.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM reserves_leaves rl WHERE rl.user_id = u.id)
            ORDER BY u.id LIMIT p_batch
            FOR UPDATE SKIP LOCKED),
         s AS (DELETE FROM sessions WHERE user_id IN (SELECT id FROM doomed)),
         k AS (DELETE FROM idempotency_keys WHERE user_id IN (SELECT id FROM doomed)),
         l AS (DELETE FROM ledger WHERE user_id IN (SELECT id FROM doomed)),
         -- and their share of the auditor's sums of ended weeks, which must keep matching the rows
         c AS (DELETE FROM ledger_checkpoints WHERE user_id IN (SELECT id FROM doomed)),
         b AS (DELETE FROM balances WHERE user_id IN (SELECT id FROM doomed)),
         p AS (DELETE FROM seed_pairs WHERE user_id IN (SELECT id FROM doomed))
         DELETE FROM users WHERE id IN (SELECT id FROM doomed);
    GET DIAGNOSTICS v_deleted = ROW_COUNT;
    RETURN v_deleted;
  END $function$;
