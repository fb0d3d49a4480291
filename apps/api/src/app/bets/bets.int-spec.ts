import { BetDtoSchema, type BetDto } from '@cosmic/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';

describe('GET /api/bets: the player’s settled bets (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let p: TestPlayer;

  beforeAll(async () => {
    app = await createIntApp();
    p = await signIn(app);
    for (const betType of ['low', 'high', 'seven'])
      expect(
        (await p.post('/api/games/dice', { walletAddress: p.walletAddress, betAmount: '1', currency: 'HC', betType }))
          .status,
      ).toBe(200);
  });
  afterAll(() => app.close());

  it('lists the bets newest first with every field of the contract, the server seed hidden until revealed', async () => {
    const res = await p.get(`/api/bets?walletAddress=${p.walletAddress}`);
    expect(res.status).toBe(200);
    const bets = res.body as BetDto[];
    expect(bets).toHaveLength(3);
    expect(bets.map((b) => b.nonce)).toEqual([2, 1, 0]);
    for (const b of bets) expect(Object.keys(b).sort()).toEqual(Object.keys(BetDtoSchema.properties).sort());
    expect(bets[0]).toMatchObject({ game: 'dice', currency: 'HC', amount: '1', serverSeed: null });
    expect(bets[0].outcome).toEqual(expect.objectContaining({ betType: 'seven' }));

    await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
    const revealed = (await p.get('/api/bets')).body as BetDto[];
    expect(revealed.every((b) => typeof b.serverSeed === 'string' && b.serverSeed.length === 64)).toBe(true);
  });

  it('reads limit as a whole number from 1 to 200 and ignores other parameters', async () => {
    expect((await p.get('/api/bets?limit=2&_=1730000000')).body).toHaveLength(2);
    expect((await p.get('/api/bets?limit=200')).body).toHaveLength(3);
    for (const limit of ['0', '201', '-1', '1.5', '1e2', 'abc', '']) {
      const res = await p.get(`/api/bets?limit=${limit}`);
      expect(res).toEqual({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'limit must be an integer from 1 to 200' },
      });
    }
  });

  it('documents the query and the answer in OpenAPI', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs-json' })).json();
    const op = doc.paths['/api/bets'].get;
    expect(op.parameters.map((q: { name: string; in: string }) => `${q.in}:${q.name}`)).toEqual([
      'query:walletAddress',
      'query:limit',
    ]);
    const answer = op.responses['200'].content['application/json'].schema;
    expect(answer.type).toBe('array');
    expect(Object.keys(answer.items.properties)).toEqual(Object.keys(BetDtoSchema.properties));
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({ mismatches: [], checked: expect.arrayContaining(['GET /api/bets']) });
  });
});
