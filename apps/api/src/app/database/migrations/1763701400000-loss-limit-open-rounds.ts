import { MigrationInterface, QueryRunner } from 'typeorm';

const CHECK_PLAY_ALLOWED = `
  CREATE OR REPLACE FUNCTION check_play_allowed(p_user bigint, p_currency currency, p_stake bigint)
  RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    v_limit bigint;
    v_until timestamptz;
    v_lost bigint;
  BEGIN
    IF p_currency = 'AMINA' AND EXISTS (SELECT 1 FROM operator_switches WHERE name = 'amina_paused' AND active) THEN
      RAISE EXCEPTION 'AMINA play is paused by the operators' USING ERRCODE = 'CC423';
    END IF;
    -- held until the bet's transaction ends: the player's other bets wait here, and a limit change waits for them
    SELECT CASE WHEN p_currency = 'HC' THEN daily_loss_limit_hc ELSE daily_loss_limit_amina END, self_excluded_until
      INTO v_limit, v_until FROM player_limits WHERE user_id = p_user FOR UPDATE;
    IF NOT FOUND THEN RETURN; END IF;
    IF v_until IS NOT NULL AND v_until > now() THEN
      RAISE EXCEPTION 'self-excluded until %', v_until USING ERRCODE = 'CC403';
    END IF;
    IF v_limit IS NOT NULL THEN
      -- a new statement, so a new snapshot: it sees every bet committed before the lock was granted
      SELECT COALESCE((SELECT sum(amount - payout) FROM bets
                        WHERE user_id = p_user AND currency = p_currency AND created_at >= date_trunc('day', now())), 0)
           + COALESCE((SELECT sum(staked) FROM game_rounds
                        WHERE user_id = p_user AND currency = p_currency AND status = 'open'), 0)
        INTO v_lost;
      IF v_lost + p_stake > v_limit THEN
        RAISE EXCEPTION 'daily loss limit' USING ERRCODE = 'CC429';
      END IF;
    END IF;
  END $$`;

/** place_bet() with its steps in the given order (the rest as 1763700700000-lean-place-bet wrote it). */
function placeBet(steps: string[]): string {
  return `
  CREATE OR REPLACE FUNCTION place_bet(
    p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint,
    p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb)
  RETURNS bigint[] -- {bet id, balance after the bet}
  LANGUAGE plpgsql AS $$
  DECLARE
    v_bal bigint;
    v_bet bigint;
  BEGIN
    PERFORM 1 FROM sessions
      WHERE token_hash = p_token AND user_id = p_user AND revoked_at IS NULL AND expires_at > now()
        AND (NOT p_need_verified OR ownership_verified_at IS NOT NULL);
    IF NOT FOUND THEN RAISE EXCEPTION 'session not valid for this bet' USING ERRCODE = 'CC401'; END IF;
${steps.join('')}
    UPDATE balances SET amount = amount - p_stake + p_payout
      WHERE user_id = p_user AND currency = p_currency AND amount >= p_stake
      RETURNING amount INTO v_bal;
    IF NOT FOUND THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;

    INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
      VALUES (p_user, p_game, p_currency, p_stake, p_payout, p_multiplier, p_pair, p_nonce, p_outcome)
      RETURNING id INTO v_bet;
    -- the stake row shows the balance between the debit and the credit, as two steps would
    IF p_payout > 0 THEN
      INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
        VALUES (p_user, p_currency, -p_stake, v_bal - p_payout, 'bet', 'bet:' || v_bet),
               (p_user, p_currency, p_payout, v_bal, 'win', 'bet:' || v_bet);
    ELSE
      INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
        VALUES (p_user, p_currency, -p_stake, v_bal, 'bet', 'bet:' || v_bet);
    END IF;
    RETURN ARRAY[v_bet, v_bal];
  END $$`;
}

const NONCE_STEP = `
    UPDATE seed_pairs SET nonce = nonce + 1
      WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce;
    IF NOT FOUND THEN RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409'; END IF;
`;
const GUARDS_STEP = `
    -- the operator pause applies to AMINA; limits only to players who set them
    IF p_currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user) THEN
      PERFORM check_play_allowed(p_user, p_currency, p_stake);
    END IF;
`;
// the seed pair first, then the limits row (in check_play_allowed), then the balance: every bet's order
const PLACE_BET = placeBet([NONCE_STEP, GUARDS_STEP]);

// What 1763700400000-play-guards and 1763700700000-lean-place-bet created, for down().
const PREVIOUS_CHECK_PLAY_ALLOWED = `
  CREATE OR REPLACE FUNCTION check_play_allowed(p_user bigint, p_currency currency, p_stake bigint)
  RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    v_limit bigint;
    v_until timestamptz;
    v_lost bigint;
  BEGIN
    IF p_currency = 'AMINA' AND EXISTS (SELECT 1 FROM operator_switches WHERE name = 'amina_paused' AND active) THEN
      RAISE EXCEPTION 'AMINA play is paused by the operators' USING ERRCODE = 'CC423';
    END IF;
    SELECT CASE WHEN p_currency = 'HC' THEN daily_loss_limit_hc ELSE daily_loss_limit_amina END, self_excluded_until
      INTO v_limit, v_until FROM player_limits WHERE user_id = p_user;
    IF NOT FOUND THEN RETURN; END IF;
    IF v_until IS NOT NULL AND v_until > now() THEN
      RAISE EXCEPTION 'self-excluded until %', v_until USING ERRCODE = 'CC403';
    END IF;
    IF v_limit IS NOT NULL THEN
      SELECT COALESCE(sum(amount - payout), 0) INTO v_lost FROM bets
        WHERE user_id = p_user AND currency = p_currency AND created_at >= date_trunc('day', now());
      IF v_lost + p_stake > v_limit THEN
        RAISE EXCEPTION 'daily loss limit' USING ERRCODE = 'CC429';
      END IF;
    END IF;
  END $$`;

const PREVIOUS_PLACE_BET = placeBet([GUARDS_STEP, NONCE_STEP]);

/**
 * The daily loss limit counts open rounds and cannot be overshot by bets placed together.
 *
 * - game_rounds.staked: what an open round has debited so far (a blackjack hand's bet plus its
 *   doubles and splits, a hi-lo run's bet; 0 for free spins, whose purchase is a bet row of its
 *   own). Until the round settles into a bet row, this is today's loss on it.
 * - check_play_allowed() counts it, and locks the player's limits row before counting: every bet of
 *   a player with limits checks and debits under that lock, so concurrent bets (other instances,
 *   other games, a blackjack double) queue there, and each one's count (a statement that starts
 *   after the lock is granted) sees the ones committed before it. Players without a limits row take
 *   no lock and count nothing, as before.
 * - place_bet() moves the nonce compare-and-set before the guards, so that every bet takes a
 *   player's rows in one order: seed pair, open round, limits row, balance (no deadlock between a
 *   dice bet and a blackjack deal, a slots spin or a double). Otherwise the same statements: a
 *   player without limits does exactly the work it did.
 *
 * Same SQLSTATEs: CC401 session, CC409 nonce moved, CC402 balance short, CC423 AMINA paused, CC403
 * self-excluded, CC429 daily loss limit.
 */
export class LossLimitOpenRounds1763701400000 implements MigrationInterface {
  name = 'LossLimitOpenRounds1763701400000';

  async up(q: QueryRunner): Promise<void> {
    // the default only fills the rows that exist; the API always writes the column
    await q.query(`ALTER TABLE game_rounds ADD COLUMN staked bigint NOT NULL DEFAULT 0 CHECK (staked >= 0)`);
    await q.query(`
      UPDATE game_rounds SET staked = CASE game
          WHEN 'blackjack' THEN stake * COALESCE((state->>'totalStaked')::bigint, 1)
          WHEN 'hilo' THEN stake
          ELSE 0 END
        WHERE status = 'open'`);
    await q.query(CHECK_PLAY_ALLOWED);
    await q.query(PLACE_BET);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(PREVIOUS_PLACE_BET);
    await q.query(PREVIOUS_CHECK_PLAY_ALLOWED);
    await q.query('ALTER TABLE game_rounds DROP COLUMN staked');
  }
}
