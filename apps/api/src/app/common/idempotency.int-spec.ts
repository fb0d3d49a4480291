import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';
import { ledgerExact } from '../../test/seeds';

describe('Idempotency-Key on money-moving POSTs (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const bet = { currency: 'HC', betAmount: '10', betType: 'high' };

  it('a retried bet returns the first answer and moves no money twice', async () => {
    const p = await signIn(app);
    const first = await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': 'bet-1' });
    const retry = await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': 'bet-1' });
    expect(retry).toEqual(first);
    const n = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(n[0].n).toBe('1');
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(BigInt(Math.round(Number(first.body.balance) * 1e8))));
  });

  it('the same key with another body is refused (422)', async () => {
    const p = await signIn(app);
    await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': 'k' });
    const other = await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet, betAmount: '20' }, { 'Idempotency-Key': 'k' });
    expect(other).toMatchObject({ status: 422, body: { message: 'Idempotency-Key was already used with a different request' } });
  });

  it('concurrent requests with one key settle once', async () => {
    const p = await signIn(app);
    const all = await Promise.all(Array.from({ length: 8 }, () => p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': 'same' })));
    expect(all.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const n = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(n[0].n).toBe('1');
  });

  it('a refused request frees its key, and a malformed key is a 400', async () => {
    const p = await signIn(app);
    const bad = await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet, betAmount: '5000' }, { 'Idempotency-Key': 'retry-me' });
    expect(bad.status).toBe(400);
    const fixed = await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet, betAmount: '5' }, { 'Idempotency-Key': 'retry-me' });
    expect(fixed.status).toBe(200);
    const weird = await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': 'has spaces' });
    expect(weird).toMatchObject({ status: 400, body: { message: 'Idempotency-Key must be 1–128 letters, digits or - _ : .' } });
  });
});
