import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * round_settle(): a round's last step that stakes nothing more (a hi-lo cashout or losing guess, a
 * blackjack stand or hit that ends the hand) in one statement, instead of a transaction that locks
 * the round, settles it and commits (BEGIN, key claim, SELECT … FOR UPDATE, the settle statement,
 * COMMIT).
 *
 * The API reads the round without a lock and computes its end, as for round_step(): the round
 * closes only if its row still has the xmin the API read (else CC412, nothing written: the API
 * settles the locked way, from the state the row holds then). Session check (CC401) and key claim
 * (CC208) as round_step(). Then what SettlementRepository.settle() writes for a round, row for row:
 * the seed pair's key-share lock before the balance (the bet row's foreign key; every bet's lock
 * order, see settle()), the payout credited, the bet row with the round's pair, nonce and final
 * state as outcome, its 'win' ledger row (ref bet:<id>) when it pays, and the round's bet_id.
 * The round's row lock comes first, as the locked path's SELECT … FOR UPDATE takes it.
 */
export class RoundSettle1763702700000 implements MigrationInterface {
  name = 'RoundSettle1763702700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION round_settle(
        p_token bytea, p_user bigint, p_need_verified boolean, p_round bigint, p_seen xid, p_state jsonb,
        p_staked bigint, p_payout bigint, p_multiplier text, p_key text, p_key_hash text)
      RETURNS bigint[] -- {bet id, balance after the payout}
      LANGUAGE plpgsql AS $$
      DECLARE
        r record;
        v_balance bigint;
        v_bet bigint;
      BEGIN
        PERFORM claim_request(p_token, p_user, p_need_verified, p_key, p_key_hash);

        -- a step that waited here for another one's commit re-reads the row: its xmin has moved
        SELECT game, currency, seed_pair_id, nonce INTO r FROM game_rounds
          WHERE id = p_round AND user_id = p_user AND status = 'open' AND xmin = p_seen
          FOR UPDATE;
        IF NOT FOUND THEN RAISE EXCEPTION 'round moved' USING ERRCODE = 'CC412'; END IF;

        PERFORM 1 FROM seed_pairs WHERE id = r.seed_pair_id FOR KEY SHARE;
        UPDATE balances SET amount = amount + p_payout
          WHERE user_id = p_user AND currency = r.currency
          RETURNING amount INTO v_balance;
        IF NOT FOUND THEN RAISE EXCEPTION 'no balance' USING ERRCODE = 'CC402'; END IF;

        INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome)
          VALUES (p_user, r.game, r.currency, p_staked, p_payout, p_multiplier, r.seed_pair_id, r.nonce, p_state)
          RETURNING id INTO v_bet;
        IF p_payout <> 0 THEN
          INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref)
            VALUES (p_user, r.currency, p_payout, v_balance, 'win', 'bet:' || v_bet);
        END IF;

        UPDATE game_rounds SET status = 'settled', state = p_state, bet_id = v_bet, updated_at = now()
          WHERE id = p_round;
        RETURN ARRAY[v_bet, v_balance];
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP FUNCTION round_settle(bytea, bigint, boolean, bigint, xid, jsonb, bigint, bigint, text, text, text)`,
    );
  }
}
