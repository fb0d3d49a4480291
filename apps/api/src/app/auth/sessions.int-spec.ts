import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { guestId } from '../../test/player';
import { verifiedPlayer } from '../../test/chain';
import { HousekeepingService } from '../housekeeping/housekeeping.service';

// Issue 37 item 5: POST /api/users for an existing account made a new 30-day session each time and
// nothing counted them (60 sign-ins to one wallet left 83 live sessions). Live sessions per account
// are capped (the oldest revoked), an unproven wallet session ends within a day, and housekeeping
// removes the ended ones.

const CAP = 10;
const HOUR = 3600_000;

describe('bounded sessions (SESSIONS_PER_ACCOUNT, real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp({ SESSIONS_PER_ACCOUNT: String(CAP) });
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const signIn = async (walletAddress: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/users', payload: { walletAddress } });
    expect(res.statusCode).toBe(200);
    return { id: res.json().id as string, cookie: String(res.headers['set-cookie']).split(';')[0] };
  };
  const me = (walletAddress: string, cookie: string) =>
    app.inject({ method: 'GET', url: `/api/users/${walletAddress}`, headers: { cookie } });
  const liveSessions = async (userId: string) =>
    Number(
      (
        await sql.query<{ n: string }>(
          `SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
          [userId],
        )
      )[0].n,
    );

  it.each([
    ['a wallet', () => algosdk.generateAccount().addr.toString()],
    ['a guest', guestId],
  ])('60 sign-ins to %s leave at most the cap live: the newest work, the oldest answer 401', async (_, address) => {
    const walletAddress = address();
    const sessions = [];
    for (let i = 0; i < 60; i++) sessions.push(await signIn(walletAddress));
    const userId = sessions[0].id;

    expect(await liveSessions(userId)).toBe(CAP);
    for (const s of sessions.slice(-CAP)) expect((await me(walletAddress, s.cookie)).statusCode).toBe(200);
    for (const s of sessions.slice(0, 60 - CAP)) {
      const res = await me(walletAddress, s.cookie);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: 401,
        message: 'No session: connect a wallet or play as a guest first (POST /api/users)',
      });
    }
  });

  it('20 concurrent sign-ins to one wallet still leave at most the cap live', async () => {
    const walletAddress = algosdk.generateAccount().addr.toString();
    const first = await signIn(walletAddress);
    await Promise.all(Array.from({ length: 20 }, () => signIn(walletAddress)));
    expect(await liveSessions(first.id)).toBeLessThanOrEqual(CAP);
  });

  it('an unproven wallet session ends within 24 h; a proof renews it for 24 h from the proof; a guest keeps 30 days', async () => {
    const walletAddress = algosdk.generateAccount().addr.toString();
    const before = Date.now();
    const { id } = await signIn(walletAddress);
    const [row] = await sql.query<{ expires_at: Date }>(`SELECT expires_at FROM sessions WHERE user_id = $1`, [id]);
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + 24 * HOUR - 60_000);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);

    // proven 20 hours after the sign-in: the proof's 24 h count from the proof
    const account = algosdk.generateAccount();
    const owner = await verifiedPlayer(app, {
      address: account.addr.toString(),
      mnemonic: algosdk.secretKeyToMnemonic(account.sk),
    });
    await sql.query(
      `UPDATE sessions SET ownership_verified_at = NULL, created_at = now() - interval '20 hours', expires_at = now() + interval '4 hours' WHERE user_id = $1`,
      [owner.id],
    );
    const ch = await owner.post('/api/crypto/ownership/challenge', { walletAddress: owner.walletAddress });
    const txn = algosdk.decodeUnsignedTransaction(Buffer.from(ch.body.txnB64, 'base64'));
    const signedTxnB64 = Buffer.from(txn.signTxn(account.sk)).toString('base64');
    const proofAt = Date.now();
    const ok = await owner.post('/api/crypto/ownership/verify', {
      walletAddress: owner.walletAddress,
      challengeId: ch.body.challengeId,
      signedTxnB64,
    });
    expect(ok.status).toBe(200);
    expect(new Date(ok.body.expiresAt).getTime()).toBeGreaterThanOrEqual(proofAt + 24 * HOUR - 60_000);

    const guest = await signIn(guestId());
    const [g] = await sql.query<{ expires_at: Date }>(`SELECT expires_at FROM sessions WHERE user_id = $1`, [guest.id]);
    expect(g.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * HOUR);
  });

  it('housekeeping deletes the sessions the cap revoked and the ones that expired, a week after they ended', async () => {
    const walletAddress = algosdk.generateAccount().addr.toString();
    const made = [];
    for (let i = 0; i < CAP + 3; i++) made.push(await signIn(walletAddress));
    const userId = made[0].id;
    const all = async () =>
      Number((await sql.query<{ n: string }>(`SELECT count(*) AS n FROM sessions WHERE user_id = $1`, [userId]))[0].n);
    expect(await all()).toBe(CAP + 3);
    // the three revoked by the cap, and one live session expired, all more than a week ago
    await sql.query(
      `UPDATE sessions SET revoked_at = now() - interval '8 days' WHERE user_id = $1 AND revoked_at IS NOT NULL`,
      [userId],
    );
    await sql.query(
      `UPDATE sessions SET expires_at = now() - interval '8 days'
        WHERE token_hash = (SELECT token_hash FROM sessions WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at LIMIT 1)`,
      [userId],
    );
    await app.get(HousekeepingService).run();
    expect(await all()).toBe(CAP - 1);
    expect(await liveSessions(userId)).toBe(CAP - 1);
  });
});
