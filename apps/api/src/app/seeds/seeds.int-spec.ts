import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { SqlService } from '../database/sql.service';
import { createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';

const sha256 = (s: string) => createHash('sha256').update(s, 'ascii').digest('hex');

describe('provably fair seeds (real PostgreSQL)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createIntApp();
  });
  afterAll(() => app.close());

  it('starts every player on an active pair at nonce 0 with a hidden server seed', async () => {
    const p = await signIn(app);
    const cur = await p.get(`/api/game-seeds/current?walletAddress=${p.walletAddress}`);
    expect(cur.status).toBe(200);
    expect(cur.body).toEqual({ serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), clientSeed: expect.any(String), nonce: 0, isActive: true });
    expect(JSON.stringify(cur.body)).not.toMatch(/serverSeed"/);
  });

  it('update-client-seed reveals the old server seed whose SHA-256 is the published hash', async () => {
    const p = await signIn(app);
    const before = (await p.get(`/api/game-seeds/current`)).body;
    const res = await p.post('/api/game-seeds/update-client-seed', { walletAddress: p.walletAddress, clientSeed: 'my lucky star ☄️' });
    expect(res.status).toBe(200);
    expect(res.body.revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(sha256(res.body.revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(res.body.revealed.clientSeed).toBe(before.clientSeed);
    expect(res.body.current).toEqual({ serverSeedHash: expect.any(String), clientSeed: 'my lucky star ☄️', nonce: 0, isActive: true });
    expect(res.body.current.serverSeedHash).not.toBe(before.serverSeedHash);

    const rotated = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
    expect(rotated.body.current.clientSeed).toBe('my lucky star ☄️');
    expect(sha256(rotated.body.revealed.serverSeed)).toBe(res.body.current.serverSeedHash);

    const history = await p.get('/api/game-seeds/history');
    expect(history.body.map((h: { serverSeedHash: string }) => h.serverSeedHash)).toEqual([res.body.current.serverSeedHash, before.serverSeedHash]);
  });

  it.each([
    [{ clientSeed: '' }, 'Please enter a client seed'],
    [{ clientSeed: '   ' }, 'Please enter a client seed'],
    [{}, 'Please enter a client seed'],
    [{ clientSeed: 'x'.repeat(65) }, 'clientSeed must be at most 64 characters'],
    [{ clientSeed: 'a\u0000b' }, 'clientSeed must not contain control characters'],
  ])('refuses a bad client seed %j with a 400', async (extra, message) => {
    const p = await signIn(app);
    const res = await p.post('/api/game-seeds/update-client-seed', { walletAddress: p.walletAddress, ...extra });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await p.get('/api/game-seeds/history')).body).toEqual([]);
  });

  it('refuses to rotate while a round is open on the pair (its next cards would be revealed)', async () => {
    const p = await signIn(app);
    const sql = app.get(SqlService);
    await sql.query(
      `INSERT INTO game_rounds (user_id, game, status, currency, stake, seed_pair_id, nonce, state)
       SELECT user_id, 'blackjack', 'open', 'HC', 100000000, id, 0, '{}' FROM seed_pairs WHERE user_id = $1 AND active`,
      [p.id],
    );
    const res = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Finish your blackjack round first: it is played on the current seed pair');
  });

  it('keeps seeds private to their owner', async () => {
    const a = await signIn(app);
    const b = await signIn(app);
    expect((await a.get(`/api/game-seeds/current?walletAddress=${b.walletAddress}`)).status).toBe(403);
    expect((await a.post('/api/game-seeds/new-server-seed', { walletAddress: b.walletAddress })).status).toBe(403);
  });
});
