import type { BetDetails } from '@cosmic/contracts';
import { serverSeedHash, verify } from '@cosmic/game-engine';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';

const details = async (app: NestFastifyApplication, id: string, cookie?: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/bet-details/${id}`, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, text: res.body, body: res.json() as BetDetails };
};

// the engine replays the bet from the answer alone: its seeds, nonce and the verifier's parameters
function replay(d: BetDetails) {
  const x = d.verify!.extra;
  const list = (t: string | undefined) => (t ?? '').split(/[\s,]+/).filter(Boolean);
  const params = {
    betType: x['betType'],
    risk: x['risk'],
    guesses: list(x['guesses']),
    cashout: x['cashout'] === '1' || undefined,
    actions: list(x['actions']),
    freeSpins: x['freeSpins'] === '1',
  };
  const r = verify(d.game, d.serverSeed, d.clientSeed, d.nonce, params);
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('GET /api/bet-details/:id (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let me: TestPlayer;
  beforeAll(async () => {
    app = await createIntApp();
    me = await signIn(app);
  });
  afterAll(() => app?.close());

  it('answers a dice bet to anyone: username not address, the hash but not the secret seed, then the seed once rotated', async () => {
    const played = await me.post('/api/games/dice', {
      walletAddress: me.walletAddress,
      currency: 'HC',
      betAmount: '10',
      betType: 'high',
    });
    expect(played.status).toBe(200);
    const { betId, dice1, dice2, total, serverSeedHash: hash, nonce, clientSeed } = played.body;
    const user = (await me.get(`/api/users/${me.walletAddress}`)).body as { username: string };

    const anon = await details(app, betId);
    expect(anon.status).toBe(200);
    expect(anon.body).toMatchObject({
      id: betId,
      game: 'dice',
      username: user.username,
      mine: false,
      currency: 'HC',
      amount: '10',
      nonce,
      clientSeed,
      serverSeedHash: hash,
      serverSeed: null,
      outcome: { game: 'dice', dice: [dice1, dice2], total, betType: 'high', won: played.body.isWin },
      verify: { extra: { betType: 'high' }, stake: { amount: '10', currency: 'HC' } },
    });
    expect(anon.text).not.toContain(me.walletAddress);
    expect((await details(app, betId, me.cookie)).body.mine).toBe(true);
    const other = await signIn(app);
    expect((await details(app, betId, other.cookie)).body.mine).toBe(false);

    const rotated = await me.post('/api/game-seeds/new-server-seed', { walletAddress: me.walletAddress });
    expect(rotated.status).toBe(200);
    const after = await details(app, betId);
    expect(after.body.serverSeed).toBe(rotated.body.revealed.serverSeed);
    expect(serverSeedHash(after.body.serverSeed!)).toBe(hash);
    expect(replay(after.body).outcome).toMatchObject({ dice: [dice1, dice2], total });
  });

  it('never answers the server seed of the active pair', async () => {
    const p = await signIn(app);
    const played = await p.post('/api/games/plinko/deduct', {
      walletAddress: p.walletAddress,
      currency: 'HC',
      betAmount: '5',
      risk: 'high',
    });
    const d = await details(app, played.body.betId, p.cookie);
    expect(d.body).toMatchObject({
      mine: true,
      serverSeed: null,
      outcome: { game: 'plinko', path: played.body.path, slot: played.body.slotIndex, risk: 'high' },
    });
    // the secret is revealed by the rotation: it was nowhere in the answer before
    const rotated = await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
    expect(d.text).not.toContain(rotated.body.revealed.serverSeed);
    expect(replay((await details(app, played.body.betId)).body).outcome).toMatchObject({
      path: played.body.path,
      slot: played.body.slotIndex,
    });
  });

  it('answers a blackjack hand with its hands, dealer and actions, which replay to the same round', async () => {
    const p = await signIn(app);
    let state = (
      await p.post('/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '10' })
    ).body;
    while (!state.gameOver)
      state = (await p.post('/api/games/blackjack/stand', { walletAddress: p.walletAddress })).body;
    const d = (await details(app, state.betId)).body;
    if (d.outcome.game !== 'blackjack') throw new Error('not blackjack');
    expect(d.outcome.dealer.map((c) => c.label)).toEqual(state.dealerCards.map((c: { label: string }) => c.label));
    expect(d.outcome.hands[0].cards.map((c) => c.label)).toEqual(
      state.hands[0].cards.map((c: { label: string }) => c.label),
    );
    expect(d.verify).toEqual({
      extra: { actions: d.outcome.actions.join(', ') },
      stake: { amount: '10', currency: 'HC' },
    });
    await p.post('/api/game-seeds/new-server-seed', { walletAddress: p.walletAddress });
    const r = replay((await details(app, state.betId)).body);
    expect(r.outcome['dealer'] as string[]).toEqual(d.outcome.dealer.map((c) => c.label));
    expect(r.payout).toBeUndefined();
    expect(r.multiplierValue).not.toBeNull();
  });

  it('answers a hi-lo run (cards and guesses) and a slots spin (grids and cascades)', async () => {
    const p = await signIn(app);
    const start = (await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '3' }))
      .body;
    const direction = start.card.rank === 'A' ? 'higher' : 'lower';
    let run = (await p.post('/api/games/hilo/guess', { walletAddress: p.walletAddress, direction })).body;
    // a right guess leaves the run open: cash it out; a wrong one ends it lost
    const cashed = !run.gameOver;
    if (cashed) run = (await p.post('/api/games/hilo/cashout', { walletAddress: p.walletAddress })).body;
    const h = (await details(app, run.betId)).body;
    expect(h.outcome).toMatchObject({
      game: 'hilo',
      cards: run.cards.map((c: object) => expect.objectContaining(c)),
      guesses: [{ direction }],
    });
    expect(h.verify?.extra).toEqual({ guesses: direction, cashout: cashed ? '1' : '0' });

    const spin = (await p.post('/api/games/slots', { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' }))
      .body;
    const s = (await details(app, spin.betId)).body;
    if (s.outcome.game !== 'slots') throw new Error('not slots');
    expect(s.outcome).toMatchObject({
      mode: 'base',
      scatters: spin.scatters,
      freeSpinsAwarded: spin.bonusSpinsAwarded,
    });
    expect(s.outcome.initialGrid).toHaveLength(25);
    expect(s.outcome.cascades).toHaveLength(spin.cascades.length);
    expect(s.verify).toEqual({ extra: { freeSpins: '0' }, stake: { amount: '1', currency: 'HC' } });
  });

  it('answers 404 for no such bet and 400 naming the id for a malformed one', async () => {
    const missing = await details(app, '999999999999');
    expect(missing.status).toBe(404);
    const bad = await details(app, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('id must be a bet id');
  });

  // last: every answer above (each game's bet details, the games' own answers) was written whole
  it('answered every field its services returned (the answer schemas dropped nothing)', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining(['GET /api/bet-details/:id']),
    });
  });
});
