import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import algosdk from 'algosdk';
import { playerTotal, type BlackjackAction, type BlackjackState } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import { SettlementService } from '../settlement/settlement.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { forceSeeds, ledgerExact } from '../../test/seeds';
import { CLIENT, SEED, dealtHand, firstNonce, handAfter } from '../../test/rounds';

const U = 100_000_000n;
/** The first nonce whose dealt hand satisfies `pred` (searched with the engine itself). */
const findNonce = (pred: (s: BlackjackState, nonce: number) => boolean): number =>
  firstNonce((nonce) => pred(dealtHand(nonce), nonce));

/** The hand at `nonce` after `actions`, every one of which the engine must accept. */
function after(nonce: number, actions: BlackjackAction[]): BlackjackState {
  const s = handAfter(nonce, actions);
  if (!s) throw new Error(`the engine refuses ${actions.join(', ')} at nonce ${nonce}`);
  return s;
}

const rank = (s: BlackjackState, who: 'p' | 'd', i: number) => (who === 'p' ? s.hands[0].cards[i] : s.dealer[i]).rank;
const ten = (r: string) => ['10', 'J', 'Q', 'K'].includes(r);

describe('blackjack through the API (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  async function player(nonce: number): Promise<TestPlayer> {
    const p = await signIn(app);
    await forceSeeds(sql, p.id, SEED, CLIENT, nonce);
    return p;
  }
  const deal = (p: TestPlayer, betAmount = '10') =>
    p.post('/api/games/blackjack/deal', { walletAddress: p.walletAddress, currency: 'HC', betAmount });
  const act = (p: TestPlayer, action: string, extra: Record<string, unknown> = {}) =>
    p.post(`/api/games/blackjack/${action}`, { walletAddress: p.walletAddress, ...extra });

  it('blackjack against blackjack is a push settled at the deal', async () => {
    const nonce = findNonce((s) => s.status === 'settled' && s.hands[0].result === 'push');
    const p = await player(nonce);
    const res = await deal(p);
    expect(res.body).toMatchObject({
      gameOver: true,
      result: 'push',
      winAmount: '10',
      balance: '1000',
      dealerHidden: false,
      playerTotal: 21,
      dealerTotal: 21,
    });
    expect(res.body.betId).toMatch(/^\d+$/);
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * U), AMINA: '0' });
  });

  it('a player blackjack pays 3:2 at once', async () => {
    const nonce = findNonce((s) => s.hands[0].result === 'blackjack');
    const p = await player(nonce);
    const res = await deal(p, '10');
    expect(res.body).toMatchObject({ result: 'blackjack', winAmount: '25', balance: '1015', gameOver: true });
  });

  it('House Coins are whole coins: a 1 HC blackjack pays 2 HC (2.5 rounded down), the bet row and the ledger agree', async () => {
    const nonce = findNonce((s) => s.hands[0].result === 'blackjack');
    const p = await player(nonce);
    const res = await deal(p, '1');
    expect(res.body).toMatchObject({ result: 'blackjack', winAmount: '2', balance: '1001', gameOver: true });
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1001n * U), AMINA: '0' });
    const [bet] = await sql.query<{ amount: string; payout: string }>(
      `SELECT amount, payout FROM bets WHERE user_id = $1`,
      [p.id],
    );
    expect(bet).toEqual({ amount: String(U), payout: String(2n * U) });
  });

  it('hides the hole card while the player acts and ignores a client playerTotal', async () => {
    const nonce = findNonce(
      (s) =>
        s.status === 'player' && playerTotal(s.hands[0].cards).total >= 18 && playerTotal(s.hands[0].cards).total <= 20,
    );
    const p = await player(nonce);
    const d = await deal(p);
    expect(d.body).toMatchObject({
      gameOver: false,
      dealerHidden: true,
      legalActions: expect.arrayContaining(['hit', 'stand', 'double']),
    });
    expect(d.body.dealerCards).toHaveLength(1);
    const s = await act(p, 'stand', { playerTotal: 21, betAmount: 1000, currency: 'HC' });
    const expected = after(nonce, ['stand']);
    expect(s.body).toMatchObject({
      gameOver: true,
      result: expected.hands[0].result,
      dealerTotal: playerTotal(expected.dealer).total,
      playerTotal: playerTotal(expected.hands[0].cards).total,
    });
    expect(s.body.dealerCards).toHaveLength(expected.dealer.length);
    await ledgerExact(sql, p.id);
  });

  it('the dealer stands on a soft 17', async () => {
    const nonce = findNonce(
      (s) =>
        s.status === 'player' &&
        rank(s, 'd', 0) === 'A' &&
        rank(s, 'd', 1) === '6' &&
        !playerTotal(s.hands[0].cards).soft &&
        playerTotal(s.hands[0].cards).total === 18,
    );
    const p = await player(nonce);
    await deal(p);
    const res = await act(p, 'stand');
    expect(res.body).toMatchObject({ result: 'win', dealerTotal: 17, winAmount: '20', balance: '1010' });
    expect(res.body.dealerCards.map((c: { rank: string }) => c.rank)).toEqual(['A', '6']);
  });

  it('a won double returns 4× the original bet and stakes the second bet', async () => {
    const nonce = findNonce(
      (s, n) =>
        s.status === 'player' && s.hands[0].cards.length === 2 && after(n, ['double']).hands[0].result === 'win',
    );
    const p = await player(nonce);
    await deal(p, '10');
    const res = await act(p, 'double', { currentPlayerCards: [{ rank: 'A' }, { rank: 'K' }] });
    expect(res.body).toMatchObject({
      gameOver: true,
      result: 'win',
      winAmount: '40',
      totalStaked: '20',
      balance: '1020',
    });
    expect(res.body.playerCards).toHaveLength(3);
    expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1020n * U), AMINA: '0' });
  });

  it('split aces take one card each and a 21 after the split is not a blackjack', async () => {
    const nonce = findNonce((s) => s.status === 'player' && rank(s, 'p', 0) === 'A' && rank(s, 'p', 1) === 'A');
    const expected = after(nonce, ['split']);
    const p = await player(nonce);
    await deal(p, '10');
    const res = await act(p, 'split');
    expect(res.body.gameOver).toBe(true);
    expect(res.body.hands).toHaveLength(2);
    for (const h of res.body.hands) expect(h.cards).toHaveLength(2);
    expect(res.body.hands.map((h: { result: string }) => h.result)).toEqual(expected.hands.map((h) => h.result));
    expect(res.body.hands.every((h: { result: string }) => h.result !== 'blackjack')).toBe(true);
    expect(res.body.totalStaked).toBe('20');
    await ledgerExact(sql, p.id);
  });

  it('a hit that busts settles the hand as bust', async () => {
    const nonce = findNonce(
      (s, n) =>
        s.status === 'player' &&
        playerTotal(s.hands[0].cards).total <= 16 &&
        after(n, ['hit']).hands[0].result === 'bust',
    );
    const p = await player(nonce);
    await deal(p);
    const res = await act(p, 'hit');
    expect(res.body).toMatchObject({ gameOver: true, result: 'bust', winAmount: '0', balance: '990' });
    expect(res.body.newCard).toEqual(res.body.playerCards[2]);
    const bust = await act(p, 'bust', { betAmount: 10, currency: 'HC' });
    expect(bust.body).toMatchObject({ result: 'bust', betId: res.body.betId });
  });

  it.each([
    [
      'double after three cards',
      (s: BlackjackState, n: number) =>
        s.status === 'player' && playerTotal(s.hands[0].cards).total <= 11 && after(n, ['hit']).status === 'player',
      ['hit'],
      'double',
      'Cannot double after three cards',
    ],
    [
      'split of unequal cards',
      (s: BlackjackState) =>
        s.status === 'player' && rank(s, 'p', 0) !== rank(s, 'p', 1) && !(ten(rank(s, 'p', 0)) && ten(rank(s, 'p', 1))),
      [],
      'split',
      /^Cannot split .* must be of equal rank$/,
    ],
  ] as const)('refuses %s with a 409 and moves no money', async (_name, pred, before, action, message) => {
    const nonce = findNonce(pred as (s: BlackjackState, n: number) => boolean);
    const p = await player(nonce);
    await deal(p);
    for (const a of before) await act(p, a);
    const balance = await ledgerExact(sql, p.id);
    const res = await act(p, action);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(message);
    expect(await ledgerExact(sql, p.id)).toEqual(balance);
  });

  it('refuses actions with no open hand, and a second deal while one is open', async () => {
    const p = await signIn(app);
    expect(await act(p, 'hit')).toMatchObject({
      status: 409,
      body: { message: 'No blackjack hand in progress: deal first' },
    });
    const nonce = findNonce((s) => s.status === 'player');
    const q = await player(nonce);
    await deal(q);
    expect(await deal(q)).toMatchObject({
      status: 409,
      body: { message: 'You already have a blackjack hand in progress: finish it first' },
    });
    await act(q, 'stand');
    expect((await act(q, 'hit')).status).toBe(409);
  });

  it('refuses a double without balance for the second stake', async () => {
    const nonce = findNonce((s) => s.status === 'player');
    const p = await player(nonce);
    await deal(p, '1000');
    const res = await act(p, 'double');
    expect(res).toMatchObject({ status: 400, body: { message: 'Insufficient balance!' } });
    expect((await p.get('/api/games/blackjack/current')).body).toMatchObject({
      active: true,
      legalActions: expect.arrayContaining(['double']),
    });
  });

  it('lets only one of two simultaneous stands settle (double-click)', async () => {
    const nonce = findNonce((s) => s.status === 'player');
    const p = await player(nonce);
    await deal(p);
    const [a, b] = await Promise.all([act(p, 'stand'), act(p, 'stand')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const bets = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(bets[0].n).toBe('1');
    await ledgerExact(sql, p.id);
  });

  describe('daily loss limit and AMINA pause', () => {
    const LOSS_LIMIT = {
      status: 429,
      body: {
        statusCode: 429,
        error: 'LOSS_LIMIT',
        message: expect.stringMatching(
          /^24-hour loss limit reached: this bet would take your net loss over the last 24 hours past the limit you set \(\d+ HC left\)$/,
        ),
      },
    };
    const setLimitHC = async (p: TestPlayer, dailyLossLimitHC: string) =>
      expect(
        (await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC })).status,
      ).toBe(200);
    const staked = async (p: TestPlayer) =>
      (
        await sql.query<{ staked: string }>(`SELECT staked FROM game_rounds WHERE user_id = $1 AND status = 'open'`, [
          p.id,
        ])
      ).map((r) => r.staked);
    const diceBet = (p: TestPlayer, betAmount: string) =>
      p.post('/api/games/dice', { walletAddress: p.walletAddress, currency: 'HC', betAmount, betType: 'seven' });
    const open = (s: BlackjackState) => s.status === 'player';

    it("counts an open hand's stake: a bet that fits beside today's settled losses is refused while the hand is open", async () => {
      const p = await player(findNonce(open));
      await setLimitHC(p, '30');
      expect((await deal(p, '25')).body).toMatchObject({ gameOver: false, balance: '975' });
      expect(await staked(p)).toEqual([String(25n * U)]);
      expect(await diceBet(p, '10')).toEqual(LOSS_LIMIT);
      // a second game of another kind is refused the same way
      expect(
        await p.post('/api/games/hilo/start', { walletAddress: p.walletAddress, currency: 'HC', bet: '10' }),
      ).toEqual(LOSS_LIMIT);
      expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(975n * U), AMINA: '0' });
    });

    it.each([
      // a double ends the hand; a split of two eights (say) leaves both hands to play
      ['double', (s: BlackjackState) => open(s) && s.hands[0].cards.length === 2, false],
      [
        'split',
        (s: BlackjackState, n: number) =>
          open(s) && rank(s, 'p', 0) === rank(s, 'p', 1) && after(n, ['split']).status === 'player',
        true,
      ],
    ] as const)(
      'a %s is a new stake: refused by the loss limit with nothing moved, allowed when the whole hand fits',
      async (action, pred, stillOpen) => {
        const nonce = findNonce(pred);
        const refused = await player(nonce);
        await setLimitHC(refused, '35');
        await deal(refused, '20');
        expect(await act(refused, action)).toEqual(LOSS_LIMIT); // 20 + 20 > 35
        expect((await refused.get('/api/games/blackjack/current')).body).toMatchObject({
          active: true,
          legalActions: expect.arrayContaining([action]),
        });
        expect(await staked(refused)).toEqual([String(20n * U)]);
        expect(await ledgerExact(sql, refused.id)).toEqual({ HC: String(980n * U), AMINA: '0' });

        const allowed = await player(nonce);
        await setLimitHC(allowed, '40');
        await deal(allowed, '20');
        const res = await act(allowed, action); // 20 + 20 = 40 fits
        expect(res.body).toMatchObject({ totalStaked: '40', gameOver: !stillOpen });
        // while open, the hand counts 40: even 1 HC more is past the limit
        if (stillOpen) expect(await staked(allowed)).toEqual([String(40n * U)]);
        if (stillOpen) expect(await diceBet(allowed, '1')).toEqual(LOSS_LIMIT);
        await ledgerExact(sql, allowed.id);
      },
    );

    it('a double is refused while AMINA play is paused (423), and allowed again once resumed', async () => {
      // a proven wallet session with 1 AMINA
      const p = await signIn(app, algosdk.generateAccount().addr.toString());
      await sql.query(`UPDATE sessions SET ownership_verified_at = now() WHERE user_id = $1`, [p.id]);
      await app
        .get(SettlementService)
        .apply(sql.pool, { kind: 'adjustment', userId: p.id, currency: 'AMINA', delta: U, note: 'test-adjust' });
      await forceSeeds(
        sql,
        p.id,
        SEED,
        CLIENT,
        findNonce((s) => open(s) && s.hands[0].cards.length === 2),
      );
      const pause = (active: boolean) =>
        sql.query(
          `INSERT INTO operator_switches (name, active, reason) VALUES ('amina_paused', $1, 'test') ON CONFLICT (name) DO UPDATE SET active = $1`,
          [active],
        );
      expect(
        (
          await p.post('/api/games/blackjack/deal', {
            walletAddress: p.walletAddress,
            currency: 'AMINA',
            betAmount: '0.001',
          })
        ).body,
      ).toMatchObject({ gameOver: false, currency: 'AMINA' });
      await pause(true);
      try {
        const res = await act(p, 'double');
        expect(res).toMatchObject({
          status: 423,
          body: {
            error: 'AMINA_PAUSED',
            message: 'AMINA play and withdrawals are paused by the operators; House Coins games still work',
          },
        });
        expect(await ledgerExact(sql, p.id)).toEqual({ HC: String(1000n * U), AMINA: String(U - U / 1000n) });
        expect(await staked(p)).toEqual([String(U / 1000n)]);
      } finally {
        await pause(false);
      }
      expect((await act(p, 'double')).body).toMatchObject({ totalStaked: '0.002', gameOver: true });
      await ledgerExact(sql, p.id);
    });
  });

  it('lists the settled hand with its full card sequence in the bet history', async () => {
    const nonce = findNonce((s) => s.status === 'player');
    const p = await player(nonce);
    await deal(p);
    await act(p, 'stand');
    const [bet] = (await p.get('/api/bets?limit=1')).body;
    expect(bet.game).toBe('blackjack');
    expect(bet.outcome.dealer.length).toBeGreaterThanOrEqual(2);
    expect(bet.outcome.hands[0].cards.length).toBeGreaterThanOrEqual(2);
    expect(bet.nonce).toBe(nonce);
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining([
        'POST /api/games/blackjack/deal',
        'POST /api/games/blackjack/hit',
        'POST /api/games/blackjack/stand',
        'GET /api/games/blackjack/current',
      ]),
    });
  });
});
