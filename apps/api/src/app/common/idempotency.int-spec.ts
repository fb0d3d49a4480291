import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { fairStream, playSlots } from '@cosmic/game-engine';
import { SqlService } from '../database/sql.service';
import { IdempotencyRepository } from './idempotency.repository';
import { createIntApp } from '../../test/int-app';
import { signIn } from '../../test/player';
import { CLIENT, firstNonce, keyCommit, retry, SEED } from '../../test/rounds';
import { forceSeeds, ledgerExact } from '../../test/seeds';

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
    const first = await p.post(
      '/api/games/dice',
      { walletAddress: p.walletAddress, ...bet },
      { 'Idempotency-Key': 'bet-1' },
    );
    const retry = await p.post(
      '/api/games/dice',
      { walletAddress: p.walletAddress, ...bet },
      { 'Idempotency-Key': 'bet-1' },
    );
    expect(retry).toEqual(first);
    const n = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(n[0].n).toBe('1');
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(BigInt(Math.round(Number(first.body.balance) * 1e8))));
  });

  it('the same key with another body is refused (422)', async () => {
    const p = await signIn(app);
    await p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': 'k' });
    const other = await p.post(
      '/api/games/dice',
      { walletAddress: p.walletAddress, ...bet, betAmount: '20' },
      { 'Idempotency-Key': 'k' },
    );
    expect(other).toMatchObject({
      status: 422,
      body: { message: 'Idempotency-Key was already used with a different request' },
    });
  });

  it('concurrent requests with one key settle once', async () => {
    const p = await signIn(app);
    const all = await Promise.all(
      Array.from({ length: 8 }, () =>
        p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': 'same' }),
      ),
    );
    expect(all.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const n = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(n[0].n).toBe('1');
  });

  it('a refused request frees its key, and a malformed key is a 400', async () => {
    const p = await signIn(app);
    const bad = await p.post(
      '/api/games/dice',
      { walletAddress: p.walletAddress, ...bet, betAmount: '5000' },
      { 'Idempotency-Key': 'retry-me' },
    );
    expect(bad.status).toBe(400);
    const fixed = await p.post(
      '/api/games/dice',
      { walletAddress: p.walletAddress, ...bet, betAmount: '5' },
      { 'Idempotency-Key': 'retry-me' },
    );
    expect(fixed.status).toBe(200);
    const weird = await p.post(
      '/api/games/dice',
      { walletAddress: p.walletAddress, ...bet },
      { 'Idempotency-Key': 'has spaces' },
    );
    expect(weird).toMatchObject({
      status: 400,
      body: { message: 'Idempotency-Key must be 1–128 letters, digits or - _ : .' },
    });
  });

  it.each([
    ['dice (an instant bet)', '/api/games/dice', { currency: 'HC', betAmount: '1', betType: 'low' }],
    ['slots paid spin (an instant bet)', '/api/games/slots', { currency: 'HC', betAmount: '1' }],
    ['blackjack deal (round_open())', '/api/games/blackjack/deal', { currency: 'HC', betAmount: '1' }],
  ])("a play guard's refusal from SQL frees the key like any client error: %s", async (_name, url, body) => {
    const p = await signIn(app);
    expect(
      (await p.post('/api/responsible-gaming/self-exclude', { walletAddress: p.walletAddress, period: '6m' })).status,
    ).toBe(200);
    const refused = await p.post(url, { walletAddress: p.walletAddress, ...body }, { 'Idempotency-Key': 'guarded-1' });
    expect(refused).toMatchObject({ status: 403, body: { error: 'SELF_EXCLUDED' } });
    const [held] = await sql.query<{ n: string }>(
      `SELECT count(*) AS n FROM idempotency_keys WHERE user_id = $1 AND key = 'guarded-1'`,
      [p.id],
    );
    expect(held.n).toBe('0');
    // the exclusion ends (an operator, or time): the same key and body now place the bet once
    await sql.query(
      `UPDATE player_limits SET self_excluded_until = NULL, play_confirm_needed = false WHERE user_id = $1`,
      [p.id],
    );
    const placed = await p.post(url, { walletAddress: p.walletAddress, ...body }, { 'Idempotency-Key': 'guarded-1' });
    expect(placed.status).toBe(200);
    const again = await p.post(url, { walletAddress: p.walletAddress, ...body }, { 'Idempotency-Key': 'guarded-1' });
    expect(again).toEqual(placed);
  });

  // a retry plays at the pair's nonce as it is now, one past the bet its key names: when the spin
  // there would award free spins, it is still that bet the retry answers (instant-bet.service.ts)
  it('a paid spin retried when the next nonce would award free spins answers the spin its key placed', async () => {
    const awards = (nonce: number) => playSlots(fairStream(SEED, CLIENT, nonce), { mode: 'base' }).freeSpinsAwarded > 0;
    const nonce = firstNonce((n) => !awards(n) && awards(n + 1));
    const p = await signIn(app);
    await forceSeeds(sql, p.id, SEED, CLIENT, nonce);
    const url = '/api/games/slots';
    const body = { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' };
    const first = await p.post(url, body, { 'Idempotency-Key': 'spin-1' });
    expect(first).toMatchObject({ status: 200, body: { nonce, freeSpinsLeft: 0 } });
    expect(await retry(app, p, url, body, 'spin-1')).toEqual({ status: 200, replay: 'true', body: first.body });
    const [n] = await sql.query<{ bets: string; rounds: string; nonce: string }>(
      `SELECT (SELECT count(*) FROM bets WHERE user_id = $1) AS bets,
              (SELECT count(*) FROM game_rounds WHERE user_id = $1) AS rounds,
              (SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active) AS nonce`,
      [p.id],
    );
    expect(n).toEqual({ bets: '1', rounds: '0', nonce: String(nonce + 1) });
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(BigInt(Math.round(Number(first.body.balance) * 1e8))));
  });

  it("an instant bet's key is claimed in the bet's own statement and no answer is stored after it: a retry answers that bet from what the statement recorded, not a second one", async () => {
    const p = await signIn(app);
    const body = { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1', betType: 'low' };
    const answers = jest.spyOn(app.get(IdempotencyRepository), 'answer');
    let first: { status: number; body: any };
    try {
      first = await p.post('/api/games/dice', body, { 'Idempotency-Key': 'once' });
      expect(first.status).toBe(200);
      // no statement of its own for the answer (common/idempotency-claim.ts, record)
      expect(answers).not.toHaveBeenCalled();
    } finally {
      answers.mockRestore();
    }
    // the key row was written by the bet's own statement (same xmin), and names the bet
    const [held] = await sql.query<{ status_code: number; same_commit: boolean; names_bet: boolean }>(
      `SELECT k.status_code, k.xmin::text = (SELECT b.xmin::text FROM bets b WHERE b.user_id = k.user_id) AS same_commit,
              k.response->>'bet' = (SELECT b.id::text FROM bets b WHERE b.user_id = k.user_id) AS names_bet
         FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = 'once'`,
      [p.id],
    );
    expect(held).toEqual({ status_code: 0, same_commit: true, names_bet: true });
    // the retry answers it, as a replay: the same roll, bet and balance; then again, the same
    const url = '/api/games/dice';
    expect(await retry(app, p, url, body, 'once')).toEqual({ status: 200, replay: 'true', body: first.body });
    expect(await retry(app, p, url, body, 'once')).toEqual({ status: 200, replay: 'true', body: first.body });
    const [n] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM bets WHERE user_id = $1`, [p.id]);
    expect(n.n).toBe('1');
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(BigInt(Math.round(Number(first.body.balance) * 1e8))));
  });

  // a bonus buy opens its round like a blackjack deal or a hi-lo start (round-open.int-spec.ts): one
  // statement writes the round, the purchase's bet, the pair's nonce and the key, which names the round
  it('a slots bonus buy claims its key in the statement that opens its round, and every retry answers that buy', async () => {
    const url = '/api/games/slots/buy-bonus';
    const p = await signIn(app);
    const body = { walletAddress: p.walletAddress, currency: 'HC', betAmount: '1' };
    const answers = jest.spyOn(app.get(IdempotencyRepository), 'answer');
    const first = await p.post(url, body, { 'Idempotency-Key': 'round-1' });
    expect(first.status).toBe(200);
    expect(answers).not.toHaveBeenCalled();
    answers.mockRestore();
    expect(await keyCommit(sql, p.id, 'round-1', ['round', 'bet', 'pair'])).toEqual({
      status_code: 0,
      round: true,
      bet: true,
      pair: true,
    });
    // no answer stored: each retry answers the same buy from what its statement wrote, and buys nothing more
    expect(await retry(app, p, url, body, 'round-1')).toEqual({ status: 200, replay: 'true', body: first.body });
    expect(await retry(app, p, url, body, 'round-1')).toEqual({ status: 200, replay: 'true', body: first.body });
    const [n] = await sql.query<{ nonce: string }>(`SELECT nonce FROM seed_pairs WHERE user_id = $1 AND active`, [
      p.id,
    ]);
    expect(n.nonce).toBe('1'); // one buy, one nonce
    // one purchase charged: the ledger is the balance the first answer gave
    expect((await ledgerExact(sql, p.id))['HC']).toBe(String(BigInt(Math.round(Number(first.body.balance) * 1e8))));
  });

  it("every game's keyed actions, retried after the player played on, answer their first answers as replays and move nothing", async () => {
    const p = await signIn(app);
    const w = { walletAddress: p.walletAddress };
    const played: Array<{ url: string; body: object; key: string; first: { status: number; body: any } }> = [];
    const play = async (url: string, extra: object) => {
      const body = { ...w, ...extra };
      const key = `moved-${played.length}`;
      const first = await p.post(url, body, { 'Idempotency-Key': key });
      expect(first).toMatchObject({ status: 200 });
      played.push({ url, body, key, first });
      return first.body;
    };
    await play('/api/games/dice', { currency: 'HC', betAmount: '1', betType: 'low' });
    await play('/api/games/plinko/deduct', { currency: 'HC', betAmount: '1', risk: 'low' });
    const run = await play('/api/games/hilo/start', { currency: 'HC', bet: '1' });
    // the likelier side (higher is not allowed on a king)
    const likelier = run.next.higher.probability >= run.next.lower.probability ? 'higher' : 'lower';
    const guessed = await play('/api/games/hilo/guess', { direction: likelier });
    if (!guessed.gameOver) await play('/api/games/hilo/cashout', {});
    let hand = await play('/api/games/blackjack/deal', { currency: 'HC', betAmount: '1' });
    if (hand.legalActions.includes('hit') && hand.playerTotal < 17) hand = await play('/api/games/blackjack/hit', {});
    if (hand.status !== 'settled') await play('/api/games/blackjack/stand', {});
    await play('/api/games/slots/buy-bonus', { currency: 'HC', betAmount: '1' });
    await play('/api/games/slots', { isFreeSpins: true });
    await play('/api/games/slots', { isFreeSpins: true });
    expect(played.length).toBeGreaterThanOrEqual(8);

    const bets = `SELECT count(*) AS n FROM bets WHERE user_id = $1`;
    const [before] = await sql.query<{ n: string }>(bets, [p.id]);
    const ledger = await ledgerExact(sql, p.id);
    // last played first: each round has moved on (or closed) since its action
    for (const { url, body, key, first } of [...played].reverse())
      expect({ url, ...(await retry(app, p, url, body, key)) }).toEqual({
        url,
        status: 200,
        replay: 'true',
        body: first.body,
      });
    expect((await sql.query<{ n: string }>(bets, [p.id]))[0].n).toBe(before.n);
    expect(await ledgerExact(sql, p.id)).toEqual(ledger);
  });

  // The claim travels as an argument (IdempotencyStore.run → the acting player's `claim` →
  // SqlService.tx): each Nest route's transaction takes its request's key with what it writes.
  it.each([
    [
      'claim-allowance (users.service.ts)',
      (id: string) => `/api/users/${id}/claim-allowance`,
      {},
      `SELECT xmin::text FROM ledger WHERE user_id = $1 AND kind = 'allowance'`,
    ],
    [
      'a new server seed (seeds.service.ts)',
      () => '/api/game-seeds/new-server-seed',
      {},
      `SELECT xmin::text FROM seed_pairs WHERE user_id = $1 AND active`,
    ],
    [
      'self-exclusion (responsible-gaming.service.ts)',
      () => '/api/responsible-gaming/self-exclude',
      { period: '6m' },
      `SELECT xmin::text FROM player_limits WHERE user_id = $1`,
    ],
  ])(
    "%s: the route's transaction claims the request's key with its write, and a retry after a lost answer moves nothing more",
    async (_name, url, extra, written) => {
      const p = await signIn(app);
      const body = { walletAddress: p.walletAddress, ...extra };
      // the answer's write fails: the key row stays as the route's transaction wrote it
      const storing = jest.spyOn(app.get(IdempotencyRepository), 'answer').mockRejectedValueOnce(new Error('lost'));
      let first: { status: number; body: unknown };
      try {
        first = await p.post(url(p.id), body, { 'Idempotency-Key': 'nest-1' });
      } finally {
        storing.mockRestore();
      }
      expect(first.status).toBe(200);
      const [row] = await sql.query<{ xmin: string }>(written, [p.id]);
      const [key] = await sql.query<{ xmin: string; status_code: number }>(
        `SELECT xmin::text, status_code FROM idempotency_keys WHERE user_id = $1 AND key = 'nest-1'`,
        [p.id],
      );
      expect(row?.xmin).toBeDefined();
      expect(key).toEqual({ xmin: row.xmin, status_code: 0 });
      // held without an answer: a retry is told so, and writes nothing
      const again = await p.post(url(p.id), body, { 'Idempotency-Key': 'nest-1' });
      expect(again).toMatchObject({ status: 409, body: { error: 'CONFLICT' } });
      const [after] = await sql.query<{ xmin: string }>(written, [p.id]);
      expect(after.xmin).toBe(row.xmin);
    },
  );

  it("many players' keyed bets at once share their commits, keys included, and store no answers", async () => {
    const players = await Promise.all(Array.from({ length: 40 }, () => signIn(app)));
    const answers = jest.spyOn(app.get(IdempotencyRepository), 'answer');
    const first = await Promise.all(
      players.map((p, i) =>
        p.post('/api/games/dice', { walletAddress: p.walletAddress, ...bet }, { 'Idempotency-Key': `many-${i}` }),
      ),
    );
    expect(answers).not.toHaveBeenCalled();
    answers.mockRestore();
    expect(first.map((a) => a.status)).toEqual(players.map(() => 200));
    const ids = players.map((p) => p.id);
    const [row] = await sql.query<{ bets: string; keys: string; with_bet: string; answered: string }>(
      `SELECT (SELECT count(DISTINCT xmin::text) FROM bets WHERE user_id = ANY($1)) AS bets,
              (SELECT count(*) FROM idempotency_keys k WHERE user_id = ANY($1)
                  AND xmin::text = (SELECT b.xmin::text FROM bets b WHERE b.user_id = k.user_id)) AS with_bet,
              (SELECT count(*) FROM idempotency_keys WHERE user_id = ANY($1) AND status_code <> 0) AS answered`,
      [ids],
    );
    expect(Number(row.bets)).toBeLessThan(40); // the bets were committed in groups
    expect(Number(row.with_bet)).toBe(40); // each key in its bet's commit
    expect(Number(row.answered)).toBe(0);
    // and each retry answers its request's own bet
    for (const [i, p] of players.entries()) {
      const again = await retry(app, p, '/api/games/dice', { walletAddress: p.walletAddress, ...bet }, `many-${i}`);
      expect(again).toEqual({ status: 200, replay: 'true', body: first[i].body });
    }
  });
});
