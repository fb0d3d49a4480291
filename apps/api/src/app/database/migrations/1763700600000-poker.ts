import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cosmic Poker. Tables run in the memory of one API process; what must survive it is here:
 * - poker_seats: every human seated, their chips as of the start of the current hand (updated
 *   by each hand's result), and the process holding the seat with a lease it keeps renewing. A
 *   seat whose lease ran out (its process died) is cashed out to HC by whichever process sees it.
 * - poker_wallets: chips under 100 kept from a cash-out (floor(chips/100) HC is paid out),
 *   added to the next buy-in, so no chip is ever lost to rounding.
 * - poker_hands / poker_hand_players: the hand history, with the revealed seeds and every
 *   human's chips before and after; bots_net is what the house's bots won or lost.
 * Chips are whole numbers; 100 chips = 1 HC.
 */
export class Poker1763700600000 implements MigrationInterface {
  name = 'Poker1763700600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE poker_seats (
        user_id      bigint PRIMARY KEY REFERENCES users(id),
        -- one id per sitting: a hand's result moves the chips of the sitting that played it
        id           bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        table_id     text NOT NULL,
        seat         smallint NOT NULL CHECK (seat BETWEEN 0 AND 5),
        chips        bigint NOT NULL CHECK (chips >= 0),
        instance_id  text NOT NULL,
        lease_until  timestamptz NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        UNIQUE (instance_id, table_id, seat)
      )`);
    await q.query(`CREATE INDEX poker_seats_lease_idx ON poker_seats (lease_until)`);
    await q.query(`
      CREATE TABLE poker_wallets (
        user_id       bigint PRIMARY KEY REFERENCES users(id),
        change_chips  bigint NOT NULL CHECK (change_chips >= 0 AND change_chips < 100),
        updated_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE poker_hands (
        id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        table_id          text NOT NULL,
        hand_no           bigint NOT NULL,
        instance_id       text NOT NULL,
        server_seed       text NOT NULL,
        server_seed_hash  text NOT NULL,
        client_seed       text NOT NULL,
        nonce             bigint NOT NULL,
        bots_net          bigint NOT NULL,
        summary           jsonb NOT NULL,
        created_at        timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX poker_hands_table_idx ON poker_hands (table_id, hand_no DESC)`);
    await q.query(`
      CREATE TABLE poker_hand_players (
        hand_id       bigint NOT NULL REFERENCES poker_hands(id),
        user_id       bigint NOT NULL REFERENCES users(id),
        seat          smallint NOT NULL,
        chips_before  bigint NOT NULL CHECK (chips_before >= 0),
        chips_after   bigint NOT NULL CHECK (chips_after >= 0),
        PRIMARY KEY (hand_id, user_id)
      )`);
    await q.query(`CREATE INDEX poker_hand_players_user_idx ON poker_hand_players (user_id, hand_id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE poker_hand_players');
    await q.query('DROP TABLE poker_hands');
    await q.query('DROP TABLE poker_wallets');
    await q.query('DROP TABLE poker_seats');
  }
}
