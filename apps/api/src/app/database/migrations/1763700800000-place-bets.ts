import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * place_bets(): the instant bets that arrive while the database is busy, settled in one call and
 * one commit (group commit, BENCHMARKS.md). Bet i is the i-th element of every array, with
 * place_bet()'s meaning, and answers three numbers, {status, bet id or current nonce, balance
 * after}: 0 settled; 1 the play guards apply (AMINA, or a player with limits: place it alone
 * through place_bet(), which runs them); 401 the session cannot place it; 402 the balance does
 * not cover the stake; 409 the nonce moved, with the pair's current nonce (-1 when it is no longer
 * active) so the retry needs no read. A refused bet writes nothing; the others settle.
 *
 * Set-based: each step is one statement for the whole call, not one per bet (PostgreSQL's CPU
 * per bet fell from ~155 to ~113 µs). Locks: every seed pair of the call in id order, then every
 * balance in (user, currency) order, so two calls (two instances), or a call and a single
 * place_bet() (pair, then balance), never wait on each other in a cycle. A call is for distinct
 * players (the API queues each player's bets); one that names a player twice is refused whole
 * (22023) and the API places its bets one by one.
 */
export class PlaceBets1763700800000 implements MigrationInterface {
  name = 'PlaceBets1763700800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION place_bets(
        p_token bytea[], p_user bigint[], p_need_verified boolean[], p_currency currency[], p_stake bigint[],
        p_payout bigint[], p_pair bigint[], p_nonce bigint[], p_game text[], p_multiplier text[], p_outcome jsonb[])
      RETURNS bigint[] -- {status, bet id or current nonce, balance after} for each bet, in order
      LANGUAGE plpgsql AS $$
      DECLARE
        v_status bigint[]; -- 0 while the bet can still settle
        v_second bigint[];
        v_balance bigint[];
      BEGIN
        IF (SELECT count(DISTINCT u) FROM unnest(p_user) u) <> cardinality(p_user) THEN
          RAISE EXCEPTION 'place_bets: a player appears twice in one call' USING ERRCODE = '22023';
        END IF;

        -- the session may bet; limits or AMINA hand the bet back to place_bet(), which runs the guards
        SELECT array_agg(CASE
                 WHEN s.token_hash IS NULL THEN 401
                 WHEN t.currency = 'AMINA' OR EXISTS (SELECT 1 FROM player_limits l WHERE l.user_id = t.user_id) THEN 1
                 ELSE 0 END ORDER BY t.i)
          INTO v_status
          FROM unnest(p_token, p_user, p_need_verified, p_currency) WITH ORDINALITY AS t(token, user_id, need_verified, currency, i)
          LEFT JOIN sessions s ON s.token_hash = t.token AND s.user_id = t.user_id AND s.revoked_at IS NULL
            AND s.expires_at > now() AND (NOT t.need_verified OR s.ownership_verified_at IS NOT NULL);

        -- the pairs, locked in id order; a nonce that moved refuses its bet (409, where it is now)
        PERFORM 1 FROM seed_pairs
          WHERE id IN (SELECT t.pair FROM unnest(p_pair, v_status) AS t(pair, status) WHERE t.status = 0)
          ORDER BY id FOR UPDATE;
        SELECT array_agg(CASE WHEN t.status <> 0 OR sp.nonce IS NOT DISTINCT FROM t.nonce THEN t.status ELSE 409 END ORDER BY t.i),
               array_agg(CASE WHEN t.status = 0 AND sp.nonce IS DISTINCT FROM t.nonce THEN COALESCE(sp.nonce, -1) ELSE 0 END ORDER BY t.i)
          INTO v_status, v_second
          FROM unnest(p_user, p_pair, p_nonce, v_status) WITH ORDINALITY AS t(user_id, pair, nonce, status, i)
          LEFT JOIN seed_pairs sp ON sp.id = t.pair AND sp.user_id = t.user_id AND sp.active;

        -- the balances, locked in (user, currency) order; one short of its stake refuses its bet (402)
        PERFORM 1 FROM balances b
          WHERE (b.user_id, b.currency) IN (SELECT t.user_id, t.currency FROM unnest(p_user, p_currency, v_status) AS t(user_id, currency, status) WHERE t.status = 0)
          ORDER BY b.user_id, b.currency FOR UPDATE;
        SELECT array_agg(CASE WHEN t.status <> 0 OR b.amount >= t.stake THEN t.status ELSE 402 END ORDER BY t.i)
          INTO v_status
          FROM unnest(p_user, p_currency, p_stake, v_status) WITH ORDINALITY AS t(user_id, currency, stake, status, i)
          LEFT JOIN balances b ON b.user_id = t.user_id AND b.currency = t.currency;

        UPDATE seed_pairs sp SET nonce = sp.nonce + 1
          FROM unnest(p_pair, v_status) AS t(pair, status)
          WHERE t.status = 0 AND sp.id = t.pair;

        WITH paid AS (
          UPDATE balances b SET amount = b.amount - t.stake + t.payout
            FROM unnest(p_user, p_currency, p_stake, p_payout, v_status) AS t(user_id, currency, stake, payout, status)
            WHERE t.status = 0 AND b.user_id = t.user_id AND b.currency = t.currency
            RETURNING b.user_id, b.amount)
        SELECT array_agg(COALESCE(paid.amount, 0) ORDER BY t.i)
          INTO v_balance
          FROM unnest(p_user) WITH ORDINALITY AS t(user_id, i)
          LEFT JOIN paid ON paid.user_id = t.user_id;

        -- the bets, in call order, and their ledger rows: the stake row shows the balance between
        -- the debit and the credit, as two steps would
        WITH settled AS (
          SELECT t.*, v_balance[t.i] AS balance
            FROM unnest(p_user, p_game, p_currency, p_stake, p_payout, p_multiplier, p_pair, p_nonce, p_outcome, v_status)
              WITH ORDINALITY AS t(user_id, game, currency, stake, payout, multiplier, pair, nonce, outcome, status, i)
            WHERE t.status = 0),
        bet AS (
          INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
            SELECT user_id, game, currency, stake, payout, multiplier, pair, nonce, outcome FROM settled ORDER BY i
            RETURNING id, user_id),
        entry AS (
          INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
            SELECT s.user_id, s.currency, e.delta, e.balance_after, e.kind, 'bet:' || bet.id
              FROM settled s JOIN bet ON bet.user_id = s.user_id
              CROSS JOIN LATERAL (VALUES (1, -s.stake, s.balance - s.payout, 'bet'), (2, s.payout, s.balance, 'win')) AS e(k, delta, balance_after, kind)
              WHERE e.k = 1 OR s.payout > 0
              ORDER BY s.i, e.k)
        SELECT array_agg(CASE WHEN t.status = 0 THEN bet.id ELSE v_second[t.i] END ORDER BY t.i)
          INTO v_second
          FROM unnest(p_user, v_status) WITH ORDINALITY AS t(user_id, status, i)
          LEFT JOIN bet ON bet.user_id = t.user_id AND t.status = 0;

        RETURN ARRAY(
          SELECT x FROM generate_subscripts(p_user, 1) AS i,
            LATERAL unnest(ARRAY[v_status[i], v_second[i], CASE WHEN v_status[i] = 0 THEN v_balance[i] ELSE 0 END]) WITH ORDINALITY AS u(x, k)
          ORDER BY i, k);
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION place_bets');
  }
}
