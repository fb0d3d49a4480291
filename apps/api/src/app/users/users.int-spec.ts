import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { SqlService } from '../database/sql.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { guestId, signIn } from '../../test/player';

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

  it('creates a guest with 1000 HC, 0 AMINA, the cosmic_ username and an httpOnly session cookie', async () => {
    const id = guestId();
    const res = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress: id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      walletAddress: id,
      username: `cosmic_${id.slice(-8)}`,
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

  it("DEMO ids (spec §4, §6) are not accounts here: the devnet's demo wallets play that role, so a DEMO_ id is refused with the address rule", async () => {
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
