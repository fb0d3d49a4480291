import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guards every bet checks: operator switches (the emergency pause of AMINA play) and the
 * player's own responsible-gaming limits (daily loss limit, self-exclusion). One SQL function,
 * check_play_allowed(), used by place_bet() and by the multi-step games' first transaction.
 * Failures: CC423 AMINA paused, CC403 self-excluded, CC429 daily loss limit reached.
 */
export class PlayGuards1763700400000 implements MigrationInterface {
  name = 'PlayGuards1763700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operator_switches (
        name        text PRIMARY KEY,
        active      boolean NOT NULL,
        reason      text,
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE player_limits (
        user_id               bigint PRIMARY KEY REFERENCES users(id),
        daily_loss_limit_hc    bigint CHECK (daily_loss_limit_hc > 0),
        daily_loss_limit_amina bigint CHECK (daily_loss_limit_amina > 0),
        self_excluded_until   timestamptz,
        updated_at            timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX bets_user_time_idx ON bets (user_id, currency, created_at)`);
    await q.query(`
      CREATE FUNCTION check_play_allowed(p_user bigint, p_currency currency, p_stake bigint)
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
      END $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION place_bet(
        p_token bytea, p_user bigint, p_need_verified boolean, p_currency currency, p_stake bigint,
        p_payout bigint, p_pair bigint, p_nonce bigint, p_game text, p_multiplier text, p_outcome jsonb)
      RETURNS TABLE (bet_id bigint, balance bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        v_bal bigint;
        v_bet bigint;
      BEGIN
        PERFORM 1 FROM sessions
          WHERE token_hash = p_token AND user_id = p_user AND revoked_at IS NULL AND expires_at > now()
            AND (NOT p_need_verified OR ownership_verified_at IS NOT NULL);
        IF NOT FOUND THEN RAISE EXCEPTION 'session not valid for this bet' USING ERRCODE = 'CC401'; END IF;

        PERFORM check_play_allowed(p_user, p_currency, p_stake);

        UPDATE seed_pairs SET nonce = nonce + 1
          WHERE id = p_pair AND user_id = p_user AND active AND nonce = p_nonce;
        IF NOT FOUND THEN RAISE EXCEPTION 'nonce moved' USING ERRCODE = 'CC409'; END IF;

        UPDATE balances SET amount = amount - p_stake
          WHERE user_id = p_user AND currency = p_currency AND amount >= p_stake
          RETURNING amount INTO v_bal;
        IF NOT FOUND THEN RAISE EXCEPTION 'insufficient balance' USING ERRCODE = 'CC402'; END IF;

        INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
          VALUES (p_user, p_game, p_currency, p_stake, p_payout, p_multiplier, p_pair, p_nonce, p_outcome)
          RETURNING id INTO v_bet;
        INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
          VALUES (p_user, p_currency, -p_stake, v_bal, 'bet', 'bet:' || v_bet);
        IF p_payout > 0 THEN
          UPDATE balances SET amount = amount + p_payout
            WHERE user_id = p_user AND currency = p_currency RETURNING amount INTO v_bal;
          INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
            VALUES (p_user, p_currency, p_payout, v_bal, 'win', 'bet:' || v_bet);
        END IF;
        RETURN QUERY SELECT v_bet, v_bal;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION check_play_allowed');
    await q.query('DROP TABLE player_limits');
    await q.query('DROP TABLE operator_switches');
  }
}
