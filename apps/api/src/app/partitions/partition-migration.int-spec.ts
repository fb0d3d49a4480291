import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../database/data-source-options';
import { MIGRATIONS } from '../database/migrations';
import {
  PARTITION_WEEKS_AHEAD,
  PartitionBetsLedger1763702100000,
} from '../database/migrations/1763702100000-partition-bets-ledger';
import { intDatabaseUrl } from '../../test/int-app';

// Issue 28 part 2: the migration converts bets and ledger of a database that already holds them
// (a player's embedded database) into weekly partitions. A database of its own is migrated up to
// the migration before, filled over several weeks, then migrated to the end.

const U = 100_000_000n;
const hex = (s: string) => createHash('sha256').update(s).digest('hex');

describe('partition migration on a database that already has bets and ledger rows', () => {
  const name = `cosmic_pm_${process.pid}_${Date.now()}`;
  const url = new URL(intDatabaseUrl());
  const admin = new URL(intDatabaseUrl());
  admin.pathname = '/postgres';
  url.pathname = `/${name}`;
  let db: Client;

  const migrate = async (count: number) => {
    const ds = new DataSource(dataSourceOptions(url.toString(), { migrations: MIGRATIONS.slice(0, count) }));
    await ds.initialize();
    await ds.runMigrations();
    await ds.destroy();
  };
  const before = MIGRATIONS.indexOf(PartitionBetsLedger1763702100000);

  beforeAll(async () => {
    const a = new Client({ connectionString: admin.toString() });
    await a.connect();
    await a.query(`CREATE DATABASE ${name}`);
    await a.end();
    await migrate(before);
    db = new Client({ connectionString: url.toString() });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    const a = new Client({ connectionString: admin.toString() });
    await a.connect();
    await a.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await a.end();
  });

  it('keeps every row and id, puts each in its week, keeps balance = ledger, and new bets land in the current week', async () => {
    // two players who bet 40 days ago, 10 days ago and today, with their ledger rows (old schema)
    const players: string[] = [];
    for (const w of ['PM_A', 'PM_B']) {
      const [{ id }] = (
        await db.query(
          `INSERT INTO users (wallet_address, username, is_guest, created_at) VALUES ($1, $1, true, now() - interval '50 days') RETURNING id`,
          [w],
        )
      ).rows;
      players.push(String(id));
      await db.query(`INSERT INTO balances (user_id, currency, amount) VALUES ($1, 'HC', 0), ($1, 'AMINA', 0)`, [id]);
      await db.query(
        `INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, next_server_seed, next_server_seed_hash) VALUES ($1, $2, $3, 'c', $4, $5)`,
        [id, hex(`s${w}`), hex(hex(`s${w}`)), hex(`n${w}`), hex(hex(`n${w}`))],
      );
    }
    const credit = async (user: string, delta: bigint, kind: string, ref: string, ago: string) => {
      const [{ amount }] = (
        await db.query(
          `UPDATE balances SET amount = amount + $2 WHERE user_id = $1 AND currency = 'HC' RETURNING amount`,
          [user, String(delta)],
        )
      ).rows;
      await db.query(
        `INSERT INTO ledger (user_id, currency, delta, balance_after, kind, ref, created_at) VALUES ($1, 'HC', $2, $3, $4, $5, now() - $6::interval)`,
        [user, String(delta), amount, kind, ref, ago],
      );
    };
    for (const user of players) {
      await credit(user, 1000n * U, 'signup', `user:${user}`, '50 days');
      const [{ id: pair }] = (await db.query(`SELECT id FROM seed_pairs WHERE user_id = $1`, [user])).rows;
      for (const [nonce, ago] of ['40 days', '10 days', '0 days'].entries()) {
        const [{ id: bet }] = (
          await db.query(
            `INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome, created_at) VALUES ($1, 'dice', 'HC', $2, $3, '2', $4, $5, '{}', now() - $6::interval) RETURNING id`,
            [user, String(10n * U), String(20n * U), pair, nonce, ago],
          )
        ).rows;
        await db.query(`UPDATE seed_pairs SET nonce = nonce + 1 WHERE id = $1`, [pair]);
        await credit(user, -10n * U, 'bet', `bet:${bet}`, ago);
        await credit(user, 20n * U, 'win', `bet:${bet}`, ago);
      }
    }
    await db.query(
      `INSERT INTO game_rounds (user_id, game, status, currency, stake, seed_pair_id, nonce, state, bet_id) SELECT user_id, 'hilo', 'settled', 'HC', amount, seed_pair_id, nonce, '{}', id FROM bets ORDER BY id LIMIT 1`,
    );
    const snapshot = async (t: string) =>
      (await db.query(`SELECT to_jsonb(x) AS row FROM ${t} x ORDER BY id`)).rows.map((r) => r.row);
    const betsBefore = await snapshot('bets');
    const ledgerBefore = await snapshot('ledger');
    expect(betsBefore).toHaveLength(6);
    expect(ledgerBefore).toHaveLength(14);

    await migrate(MIGRATIONS.length);

    expect(await snapshot('bets')).toEqual(betsBefore);
    expect(await snapshot('ledger')).toEqual(ledgerBefore);
    const week = `'_w' || to_char(date_trunc('week', created_at, 'UTC') AT TIME ZONE 'UTC', 'YYYYMMDD')`;
    for (const t of ['bets', 'ledger']) {
      const misplaced = (await db.query(`SELECT id FROM ${t} WHERE tableoid::regclass::text <> '${t}' || ${week}`))
        .rows;
      expect({ t, misplaced }).toEqual({ t, misplaced: [] });
      const weeks = (await db.query(`SELECT count(DISTINCT tableoid) AS n FROM ${t}`)).rows[0].n;
      // bets 40 days ago, 10 days ago and today; the ledger also has the sign-ups 50 days ago
      expect({ t, weeks: Number(weeks) }).toEqual({ t, weeks: t === 'bets' ? 3 : 4 });
    }
    const drift = async () =>
      (
        await db.query(
          `SELECT b.user_id, b.amount, (SELECT sum(delta) FROM ledger l WHERE l.user_id = b.user_id AND l.currency = b.currency) AS sum FROM balances b WHERE b.currency = 'HC' AND b.amount <> COALESCE((SELECT sum(delta) FROM ledger l WHERE l.user_id = b.user_id AND l.currency = b.currency), 0)`,
        )
      ).rows;
    expect(await drift()).toEqual([]);
    // partitions exist from the oldest row's week to PARTITION_WEEKS_AHEAD weeks after this one
    const [{ ahead }] = (
      await db.query(
        `SELECT count(*) AS ahead FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'bets'::regclass AND c.relname > 'bets_w' || to_char(date_trunc('week', now(), 'UTC') AT TIME ZONE 'UTC', 'YYYYMMDD')`,
      )
    ).rows;
    expect(Number(ahead)).toBeGreaterThanOrEqual(PARTITION_WEEKS_AHEAD);

    // a new bet through place_bet(): the next id, in this week's partitions, books still balanced
    const user = players[0];
    const token = Buffer.from('pm-session');
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
      [token, user],
    );
    const [{ id: pair, nonce: next }] = (await db.query(`SELECT id, nonce FROM seed_pairs WHERE user_id = $1`, [user]))
      .rows;
    const [{ r }] = (
      await db.query(`SELECT place_bet($1, $2, false, 'HC', $3, 0, $4, $5, 'dice', '0', '{}') AS r`, [
        token,
        user,
        String(5n * U),
        pair,
        next,
      ])
    ).rows;
    const maxOld = Math.max(...betsBefore.map((b) => Number(b.id)));
    expect(Number(r[0])).toBe(maxOld + 1);
    const [placed] = (
      await db.query(`SELECT tableoid::regclass::text AS part, ${week} AS week FROM bets WHERE id = $1`, [r[0]])
    ).rows;
    expect(placed.part).toBe(`bets${placed.week}`);
    const [entry] = (
      await db.query(`SELECT tableoid::regclass::text AS part, id FROM ledger WHERE ref = $1`, [`bet:${r[0]}`])
    ).rows;
    expect(entry.part).toBe(`ledger${placed.week}`);
    expect(Number(entry.id)).toBe(Math.max(...ledgerBefore.map((l) => Number(l.id))) + 1);
    expect(await drift()).toEqual([]);
    // a nonce is still used once inside a week
    await expect(
      db.query(
        `INSERT INTO bets (user_id, game, currency, amount, payout, multiplier, seed_pair_id, nonce, outcome) VALUES ($1, 'dice', 'HC', 1, 0, '0', $2, $3, '{}')`,
        [user, pair, next],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
