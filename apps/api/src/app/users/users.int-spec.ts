import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { SqlService } from '../database/sql.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { guestId, signIn } from '../../test/player';
import * as algosdk from 'algosdk';
import {
  CREATE_USERNAME_INDEX,
  RENAME_DUPLICATE_USERNAMES,
  USERNAME_INDEX,
} from '../database/migrations/1763702900000-bounded-sessions-unique-usernames';
import { HousekeepingService } from '../housekeeping/housekeeping.service';
import { loadConfig } from '../config/app-config';
import { casinoLedgerDrift } from '../../test/seeds';

// A valid mainnet-format address (checksum verified by @cosmic/algorand).
const ADDRESS = 'HZ57J3K46JIJXILONBBZOHX6BKPXEM2VVXNRFSUED6DKFD5ZD24PMJ3MVA';

describe('users, sessions and the daily allowance (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  async function ledgerMatchesBalances(userId: string): Promise<void> {
    const rows = await sql.query<{ currency: string; amount: string; sum: string }>(
      `SELECT b.currency, b.amount, COALESCE((SELECT sum(delta) FROM ledger l WHERE l.user_id = b.user_id AND l.currency = b.currency), 0) AS sum
         FROM balances b WHERE b.user_id = $1`,
      [userId],
    );
    for (const r of rows) expect(r.amount).toBe(String(r.sum));
  }

  it('creates a guest with 1000 HC, 0 AMINA, a random cosmic_ username and an httpOnly session cookie', async () => {
    const id = guestId();
    const res = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress: id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      walletAddress: id,
      username: expect.stringMatching(/^cosmic_[a-z2-7]{8}$/),
      isGuest: true,
      houseBalance: '1000',
      aminaBalance: '0',
      ownershipVerified: false,
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^cosmic_session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('fetches the same user again instead of creating a second one, and keeps a custom username', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: ADDRESS, username: 'star_pilot' },
    });
    const second = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress: ADDRESS } });
    expect(first.json().id).toBe(second.json().id);
    expect(second.json().username).toBe('star_pilot');
    expect(second.json().isGuest).toBe(false);
  });

  // Issue 37 item 10: ten accounts took player-1's name (the live feed shows usernames), and the
  // default name showed the last 8 characters of the address or guest id.
  it('refuses a username another account has, case-insensitively and with look-alikes folded: 409, nothing created', async () => {
    const name = `Nova_${Date.now()
      .toString(36)
      .replace(/[01il]/g, 'x')}`;
    const first = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: guestId(), username: name },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().username).toBe(name);
    const lookAlikes = [name.toUpperCase(), name.toLowerCase(), name.replace('o', '0'), name.replace('N', 'n')];
    for (const username of lookAlikes) {
      const id = guestId();
      const res = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress: id, username } });
      expect({ username, status: res.statusCode, body: res.json() }).toEqual({
        username,
        status: 409,
        body: { statusCode: 409, error: 'USERNAME_TAKEN', message: 'Username taken' },
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      const rows = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE wallet_address = $1`, [id]);
      expect(rows[0].n).toBe('0');
    }
    // 1, l and I are one letter, and so are 0 and O, rn and m
    const base = `pi1ot_${Date.now()
      .toString(36)
      .replace(/[01il]/g, 'x')}`;
    expect(
      (await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress: guestId(), username: base } }))
        .statusCode,
    ).toBe(200);
    for (const username of [base.replace('1', 'l'), base.replace('1', 'I'), base.replace('i1', 'Il')]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { walletAddress: guestId(), username },
      });
      expect({ username, status: res.statusCode }).toEqual({ username, status: 409 });
    }
    const rn = `rnoon_${Date.now()
      .toString(36)
      .replace(/[01il]/g, 'x')}`;
    expect(
      (await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress: guestId(), username: rn } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/users',
          payload: { walletAddress: guestId(), username: rn.replace('rn', 'm') },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('gives each new account a random default username, never derived from its address or guest id', async () => {
    const names = new Set<string>();
    for (const walletAddress of [guestId(), guestId(), algosdk.generateAccount().addr.toString()]) {
      const res = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress } });
      const { username } = res.json();
      expect(username).toMatch(/^cosmic_[a-z2-7]{8}$/);
      expect(username.toLowerCase()).not.toContain(walletAddress.slice(-8).toLowerCase());
      expect(username.toLowerCase()).not.toContain(walletAddress.slice(-4).toLowerCase());
      names.add(username);
    }
    expect(names.size).toBe(3);
  });

  it('the migration renames existing look-alike usernames deterministically (the oldest keeps its name) so the unique index can be built', async () => {
    const client = await sql.pool.connect();
    const tag = Date.now()
      .toString(36)
      .replace(/[01il]/g, 'x');
    try {
      await client.query('BEGIN');
      await client.query(`DROP INDEX ${USERNAME_INDEX}`);
      const ids: string[] = [];
      for (const username of [`Twin_${tag}`, `TWIN_${tag}`, `twin_${tag}`, `tw1n_${tag}`, `other_${tag}`]) {
        const r = await client.query<{ id: string }>(
          `INSERT INTO users (wallet_address, username, is_guest) VALUES ($1, $2, true) RETURNING id`,
          [guestId(), username],
        );
        ids.push(r.rows[0].id);
      }
      await client.query(RENAME_DUPLICATE_USERNAMES);
      const names = await client.query<{ id: string; username: string }>(
        `SELECT id, username FROM users WHERE id = ANY($1::bigint[]) ORDER BY id`,
        [ids],
      );
      expect(names.rows.map((r) => r.username)).toEqual([
        `Twin_${tag}`,
        `TWIN_${tag}_${ids[1]}`,
        `twin_${tag}_${ids[2]}`,
        `tw1n_${tag}_${ids[3]}`,
        `other_${tag}`,
      ]);
      await client.query(CREATE_USERNAME_INDEX); // builds: no two folded names are equal any more
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it.each([
    [
      { walletAddress: 'ABC' },
      'walletAddress: Invalid Algorand address format (must be 58 characters): address must be 58 characters',
    ],
    [
      { walletAddress: 'A'.repeat(57) + '1' },
      'walletAddress: Invalid Algorand address format (must be 58 characters): address may only contain A-Z and 2-7',
    ],
    [
      { walletAddress: ADDRESS.slice(0, 10) + 'A' + ADDRESS.slice(11) },
      'walletAddress: Invalid Algorand address format (must be 58 characters): address checksum does not match (typo?)',
    ],
    [{ walletAddress: 'GUEST_!!' }, 'walletAddress: a guest id is GUEST_ followed by 6–64 letters or digits'],
    [{}, 'walletAddress must be a string'],
    [{ walletAddress: 42 }, 'walletAddress must be a string'],
    [{ walletAddress: guestId(), admin: true }, 'property admin should not exist'],
    [{ walletAddress: guestId(), username: 'x' }, 'username must be 3–32 letters, digits or underscores'],
  ])('refuses %j with a 400 naming the field', async (payload, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/users', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 401 without a session and 403 for another player’s wallet or id', async () => {
    const a = await signIn(app);
    const b = await signIn(app);
    expect((await app.inject({ method: 'GET', url: `/api/users/${a.walletAddress}` })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/users/${a.walletAddress}`,
          headers: { cookie: 'cosmic_session=forged' },
        })
      ).statusCode,
    ).toBe(401);
    const mine = await a.get(`/api/users/${a.walletAddress}`);
    expect(mine.status).toBe(200);
    expect(mine.body.houseBalance).toBe('1000');
    const theirs = await a.get(`/api/users/${b.walletAddress}`);
    expect(theirs).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'walletAddress does not match your session' },
    });
    expect((await a.post(`/api/users/${b.id}/claim-allowance`)).status).toBe(403);
  });

  it("DEMO ids are not accounts here (README.md, Departures from the specification): the devnet's demo wallets play that role, so a DEMO_ id is refused with the address rule", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress: 'DEMO_1234567890' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^walletAddress: Invalid Algorand address format \(must be 58 characters\)/);
    const n = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE wallet_address LIKE 'DEMO%'`);
    expect(n[0].n).toBe('0');
  });

  it('grants the daily allowance once per 24 hours with the time left in the refusal', async () => {
    const p = await signIn(app);
    const first = await p.post(`/api/users/${p.id}/claim-allowance`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ credited: '1000', houseBalance: '2000' });
    const again = await p.post(`/api/users/${p.id}/claim-allowance`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Daily allowance already claimed: the next one is available in 2[34]h \d+m/);

    // a day later it works again
    await sql.query(`UPDATE users SET last_allowance_at = now() - interval '24 hours 1 minute' WHERE id = $1`, [p.id]);
    const later = await p.post(`/api/users/${p.walletAddress}/claim-allowance`);
    expect(later.body.houseBalance).toBe('3000');
    await ledgerMatchesBalances(p.id);
  });

  it('credits the allowance exactly once under 20 concurrent claims', async () => {
    const p = await signIn(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => p.post(`/api/users/${p.id}/claim-allowance`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect((await p.get(`/api/users/${p.walletAddress}`)).body.houseBalance).toBe('2000');
    await ledgerMatchesBalances(p.id);
  });

  it('stores only a hash of the session token', async () => {
    const p = await signIn(app);
    const token = decodeURIComponent(p.cookie.split('=')[1]).split('.')[0];
    const rows = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM sessions WHERE token_hash = $1`, [
      createHash('sha256').update(token).digest(),
    ]);
    expect(rows[0].n).toBe('1');
    const plain = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM sessions WHERE encode(token_hash, 'escape') = $1`,
      [token],
    );
    expect(plain[0].n).toBe('0');
  });

  it('refuses a negative balance at the database level', async () => {
    const p = await signIn(app);
    await expect(
      sql.query(`UPDATE balances SET amount = -1 WHERE user_id = $1 AND currency = 'HC'`, [p.id]),
    ).rejects.toThrow(/check constraint/);
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'POST /api/users',
        'GET /api/users/:walletAddress',
        'POST /api/users/:id/claim-allowance',
      ]),
    });
  });
});

describe('new accounts per IP (ACCOUNTS_PER_IP_PER_HOUR, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp({ ACCOUNTS_PER_IP_PER_HOUR: '20' });
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const create = (walletAddress: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress }, remoteAddress });
  const rows = async (walletAddress: string) =>
    (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE wallet_address = $1`, [walletAddress]))[0].n;

  it('refuses the 21st new account from one address within the hour, creating nothing; another address still can, and existing sessions keep working', async () => {
    const ip = '10.21.0.1';
    const made = [];
    for (let i = 0; i < 20; i++) {
      const res = await create(guestId(), ip);
      expect(res.statusCode).toBe(200);
      made.push({
        id: res.json().id as string,
        walletAddress: res.json().walletAddress as string,
        cookie: String(res.headers['set-cookie']).split(';')[0],
      });
    }

    const extra = guestId();
    const refused = await create(extra, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests: slow down',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await rows(extra)).toBe('0');
    // and no orphan balances, ledger rows or seeds were left by the rolled-back creation
    const orphans = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM balances b WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = b.user_id)`,
    );
    expect(orphans[0].n).toBe('0');

    // another address is not affected
    const other = await create(extra, '10.21.0.2');
    expect(other.statusCode).toBe(200);
    expect(await rows(extra)).toBe('1');

    // the limited address: its existing sessions work, and signing in again to an existing account is no new account
    const first = made[0];
    const me = await app.inject({
      method: 'GET',
      url: `/api/users/${first.walletAddress}`,
      headers: { cookie: first.cookie },
      remoteAddress: ip,
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: first.id, houseBalance: '1000' });
    const again = await create(first.walletAddress, ip);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    expect((await create(guestId(), ip)).statusCode).toBe(429);
  });
});

// Issue 37 item 11: with ACCOUNTS_PER_IP_PER_HOUR=20 the 21st newcomer behind one shared address (a
// carrier's NAT, a campus) got 429 on their first page. The default now fits a shared address, and
// what a flood leaves behind goes after a day: guests who never bet are removed by housekeeping.
describe('newcomers behind one address (the default ACCOUNTS_PER_IP_PER_HOUR, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  // the limit a production run has by default (the integration app's NODE_ENV=test has none)
  const perHour = loadConfig({}).accountsPerIpPerHour;

  beforeAll(async () => {
    app = await createIntApp({ ACCOUNTS_PER_IP_PER_HOUR: String(perHour) });
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const exists = async (id: string) =>
    (await sql.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE id = $1`, [id]))[0].n === '1';

  it('30 newcomers from one address all get guest accounts; a day later the ones who never bet are gone, the ones who did stay, and the ledger is exact', async () => {
    const ip = '10.37.11.1';
    const guests: Array<{ id: string; walletAddress: string; cookie: string }> = [];
    for (let i = 0; i < 30; i++) {
      const walletAddress = guestId();
      const res = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { walletAddress },
        remoteAddress: ip,
      });
      expect({ i, status: res.statusCode }).toEqual({ i, status: 200 });
      guests.push({
        id: res.json().id as string,
        walletAddress,
        cookie: String(res.headers['set-cookie']).split(';')[0],
      });
    }
    const bet = (g: (typeof guests)[number]) =>
      app.inject({
        method: 'POST',
        url: '/api/games/dice',
        headers: { cookie: g.cookie },
        payload: { walletAddress: g.walletAddress, currency: 'HC', betAmount: '1', betType: 'low' },
      });
    const players = guests.slice(0, 3);
    for (const g of players) expect((await bet(g)).statusCode).toBe(200);
    const claimer = guests[3];
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/users/${claimer.id}/claim-allowance`,
          headers: { cookie: claimer.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const idle = guests.slice(4);
    const young = idle.pop()!; // never bet, but less than a day old

    const ids = guests.filter((g) => g !== young).map((g) => g.id);
    await sql.query(`UPDATE users SET created_at = now() - interval '25 hours' WHERE id = ANY($1::bigint[])`, [ids]);
    await sql.query(`UPDATE users SET created_at = now() - interval '23 hours' WHERE id = $1`, [young.id]);

    const report = await app.get(HousekeepingService).run();
    expect(report?.guests).toBeGreaterThanOrEqual(idle.length);
    for (const g of idle) expect({ id: g.id, kept: await exists(g.id) }).toEqual({ id: g.id, kept: false });
    for (const g of [...players, claimer, young])
      expect({ id: g.id, kept: await exists(g.id) }).toEqual({ id: g.id, kept: true });
    for (const t of ['sessions', 'ledger', 'balances', 'seed_pairs']) {
      const [{ n }] = await sql.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${t} WHERE user_id = ANY($1::bigint[])`,
        [idle.map((g) => g.id)],
      );
      expect({ table: t, rows: n }).toEqual({ table: t, rows: '0' });
    }
    expect(await casinoLedgerDrift(app)).toEqual([]);

    // a removed guest's id opens a fresh account again (the page signs in with its stored id)
    const back = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: idle[0].walletAddress },
      remoteAddress: ip,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ walletAddress: idle[0].walletAddress, houseBalance: '1000' });
  });
});

describe('new accounts from all addresses together (ACCOUNTS_PER_HOUR, real PostgreSQL)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createIntApp({ ACCOUNTS_PER_HOUR: '5' });
  });
  afterAll(() => app.close());

  it('bounds a flood spread over many addresses: past the global cap a new account gets 429, a known one still signs in', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) {
      const walletAddress = guestId();
      const res = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { walletAddress },
        remoteAddress: `10.37.12.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
      made.push(walletAddress);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: guestId() },
      remoteAddress: '10.37.12.99',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const again = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { walletAddress: made[0] },
      remoteAddress: '10.37.12.99',
    });
    expect(again.statusCode).toBe(200);
  });
});
