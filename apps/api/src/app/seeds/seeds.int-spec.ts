import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import { NextServerSeed1763701300000 } from '../database/migrations/1763701300000-next-server-seed';
import { SqlService } from '../database/sql.service';
import { answerWatch, createIntApp } from '../../test/int-app';
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
    expect(cur.body).toEqual({
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      nextServerSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.any(String),
      nonce: 0,
      isActive: true,
    });
    expect(cur.body.nextServerSeedHash).not.toBe(cur.body.serverSeedHash);
    expect(JSON.stringify(cur.body)).not.toMatch(/serverSeed"/);
  });

  it('update-client-seed reveals the old server seed whose SHA-256 is the published hash', async () => {
    const p = await signIn(app);
    const before = (await p.get(`/api/game-seeds/current`)).body;
    const res = await p.post('/api/game-seeds/update-client-seed', {
      walletAddress: p.walletAddress,
      clientSeed: 'my lucky star ☄️',
    });
    expect(res.status).toBe(200);
    expect(res.body.revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(sha256(res.body.revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(res.body.revealed.clientSeed).toBe(before.clientSeed);
    expect(res.body.current).toEqual({
      serverSeedHash: expect.any(String),
      nextServerSeedHash: expect.any(String),
      clientSeed: 'my lucky star ☄️',
      nonce: 0,
      isActive: true,
    });
    expect(res.body.current.serverSeedHash).not.toBe(before.serverSeedHash);

    const rotated = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
    expect(rotated.body.current.clientSeed).toBe('my lucky star ☄️');
    expect(sha256(rotated.body.revealed.serverSeed)).toBe(res.body.current.serverSeedHash);

    const history = await p.get('/api/game-seeds/history');
    expect(history.body.map((h: { serverSeedHash: string }) => h.serverSeedHash)).toEqual([
      res.body.current.serverSeedHash,
      before.serverSeedHash,
    ]);
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
    const before = (await p.get('/api/game-seeds/current')).body;
    const res = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Finish your blackjack round first: it is played on the current seed pair');
    // nothing was promoted or drawn: the same pair keeps the same commitment
    expect((await p.get('/api/game-seeds/current')).body).toEqual(before);
  });

  it('keeps seeds private to their owner', async () => {
    const a = await signIn(app);
    const b = await signIn(app);
    expect((await a.get(`/api/game-seeds/current?walletAddress=${b.walletAddress}`)).status).toBe(403);
    expect((await a.post('/api/game-seeds/new-server-seed', { walletAddress: b.walletAddress })).status).toBe(403);
  });

  describe('the next server seed is committed before the player chooses a client seed', () => {
    type PairRow = {
      id: string;
      active: boolean;
      server_seed: string;
      server_seed_hash: string;
      next_server_seed: string | null;
      next_server_seed_hash: string | null;
    };
    const pairs = (userId: string) =>
      app
        .get(SqlService)
        .query<PairRow>(
          `SELECT id, active, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash FROM seed_pairs WHERE user_id = $1 ORDER BY id`,
          [userId],
        );

    it('a new player has a committed next server seed at once, whose secret the API never shows', async () => {
      const p = await signIn(app);
      const cur = (await p.get('/api/game-seeds/current')).body;
      const [pair] = await pairs(p.id);
      expect(pair.next_server_seed_hash).toBe(cur.nextServerSeedHash);
      expect(sha256(pair.next_server_seed!)).toBe(cur.nextServerSeedHash);
      expect(JSON.stringify(cur)).not.toContain(pair.next_server_seed!);
      expect(JSON.stringify(cur)).not.toContain(pair.server_seed);
    });

    it.each([
      ['update-client-seed', { clientSeed: 'chosen after the commitment' }, 'chosen after the commitment'],
      ['new-server-seed', {}, undefined],
    ])(
      '%s promotes exactly the recorded nextServerSeedHash, and the next rotation reveals a seed that hashes to it',
      async (route, body, clientSeed) => {
        const p = await signIn(app);
        const before = (await p.get('/api/game-seeds/current')).body;
        const committed = before.nextServerSeedHash;

        const first = await p.post(`/api/game-seeds/${route}`, { walletAddress: p.walletAddress, ...body });
        expect(first.status).toBe(200);
        expect(first.body.current).toMatchObject({
          serverSeedHash: committed,
          clientSeed: clientSeed ?? before.clientSeed,
          nonce: 0,
          isActive: true,
        });
        expect(first.body.current.nextServerSeedHash).toMatch(/^[0-9a-f]{64}$/);
        expect(first.body.current.nextServerSeedHash).not.toBe(committed);
        expect((await p.get('/api/game-seeds/current')).body).toEqual(first.body.current);

        const second = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
        expect(second.body.revealed.serverSeedHash).toBe(committed);
        expect(sha256(second.body.revealed.serverSeed)).toBe(committed);
        expect(second.body.current.serverSeedHash).toBe(first.body.current.nextServerSeedHash);
      },
    );

    it('10 concurrent rotations leave one unbroken chain: each promoted seed was the one its predecessor committed', async () => {
      const p = await signIn(app);
      const committed = (await p.get('/api/game-seeds/current')).body.nextServerSeedHash;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress })
            : p.post('/api/game-seeds/update-client-seed', { walletAddress: p.walletAddress, clientSeed: `seed ${i}` }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));

      const chain = await pairs(p.id);
      expect(chain).toHaveLength(11);
      expect(chain.map((c) => c.active)).toEqual([...Array(10).fill(false), true]);
      expect(chain[1].server_seed_hash).toBe(committed);
      for (let i = 0; i < 10; i++) expect(chain[i + 1].server_seed_hash).toBe(chain[i].next_server_seed_hash);
      for (const c of chain) expect(sha256(c.server_seed)).toBe(c.server_seed_hash);
      expect(new Set(chain.map((c) => c.server_seed_hash)).size).toBe(11);
      // an ended pair keeps only its successor's hash; the secret lives on the active pair alone
      expect(chain.filter((c) => c.next_server_seed !== null).map((c) => c.id)).toEqual([chain[10].id]);
      // every answer promoted a different committed seed and revealed a different pair
      expect(new Set(results.map((r) => r.body.current.serverSeedHash))).toEqual(
        new Set(chain.slice(1).map((c) => c.server_seed_hash)),
      );
      expect(new Set(results.map((r) => r.body.revealed.serverSeedHash))).toEqual(
        new Set(chain.slice(0, 10).map((c) => c.server_seed_hash)),
      );
    });

    it('a dice bet right after a rotation is played on the promoted seed (the seed cache drops the ended pair)', async () => {
      const p = await signIn(app);
      const dice = () =>
        p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'high' });
      expect((await dice()).status).toBe(200); // the fast path now holds the first pair in memory
      const committed = (await p.get('/api/game-seeds/current')).body.nextServerSeedHash;
      await p.post('/api/game-seeds/update-client-seed', {
        walletAddress: p.walletAddress,
        clientSeed: 'after the commitment',
      });
      const bet = await dice();
      expect(bet.status).toBe(200);
      expect(bet.body).toMatchObject({ serverSeedHash: committed, clientSeed: 'after the commitment', nonce: 0 });
    });

    it('the migration commits a next server seed for every existing active pair', async () => {
      await signIn(app);
      const client = await app.get(SqlService).pool.connect();
      const q = {
        query: async (text: string, params?: unknown[]) => (await client.query(text, params)).rows,
      } as unknown as QueryRunner;
      const migration = new NextServerSeed1763701300000();
      try {
        await client.query('BEGIN');
        await migration.down(q); // as before the migration: pairs without a successor
        await migration.up(q);
        const rows = (
          await client.query<{ active: string; committed: string }>(
            `SELECT count(*) AS active,
                    count(*) FILTER (WHERE next_server_seed_hash = encode(sha256(convert_to(next_server_seed, 'UTF8')), 'hex')) AS committed
               FROM seed_pairs WHERE active`,
          )
        ).rows[0];
        expect(Number(rows.active)).toBeGreaterThan(0);
        expect(rows.committed).toBe(rows.active);
        await expect(
          client.query(
            `UPDATE seed_pairs SET next_server_seed = NULL WHERE id = (SELECT min(id) FROM seed_pairs WHERE active)`,
          ),
        ).rejects.toThrow(/seed_pairs_active_has_next/);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    });
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'GET /api/game-seeds/current',
        'POST /api/game-seeds/update-client-seed',
        'POST /api/game-seeds/new-server-seed',
        'GET /api/game-seeds/history',
      ]),
    });
  });
});
