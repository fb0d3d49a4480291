import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlService } from '../database/sql.service';
import { createIntApp, intChain } from '../../test/int-app';
import { signIn, type TestPlayer } from '../../test/player';
import { verifiedPlayer } from '../../test/chain';
import { ledgerExact } from '../../test/seeds';

// Issue 37 items 8 and 9: House Coins are whole coins wherever an amount of them enters, and every
// amount has a declared maximum, so no value past PostgreSQL's BIGINT (9223372036854775807 base
// units) reaches SQL: each is a 400 naming the field, the balance and the limits untouched.

const START_HC = String(1000n * 100_000_000n);
const WHOLE = (field: string) => `${field} must be a whole number of House Coins`;
const AT_MOST = (field: string, unit: string) => `${field} must be at most 1000000000 ${unit}`;

describe('amounts: whole House Coins and a declared maximum for every amount (real PostgreSQL)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;

  beforeAll(async () => {
    app = await createIntApp();
    sql = app.get(SqlService);
  });
  afterAll(() => app.close());

  const limitsOf = async (p: TestPlayer) =>
    (
      await sql.query<{ daily_loss_limit_hc: string | null; daily_loss_limit_amina: string | null }>(
        `SELECT max(live) FILTER (WHERE currency = 'HC') AS daily_loss_limit_hc, max(live) FILTER (WHERE currency = 'AMINA') AS daily_loss_limit_amina
           FROM player_limit_windows WHERE user_id = $1 AND kind = 'loss' AND period = '24h' HAVING count(*) > 0`,
        [p.id],
      )
    )[0] ?? null;

  describe('item 8: fractional House Coins are refused with a 400 naming the field, the balance unchanged', () => {
    const bets: Array<[string, string, (p: TestPlayer, amount: unknown) => Record<string, unknown>]> = [
      [
        'dice',
        '/api/games/dice',
        (p, a) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: a, betType: 'low' }),
      ],
      [
        'plinko',
        '/api/games/plinko/deduct',
        (p, a) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: a, risk: 'low' }),
      ],
      ['hi-lo', '/api/games/hilo/start', (p, a) => ({ walletAddress: p.walletAddress, currency: 'HC', bet: a })],
      [
        'blackjack',
        '/api/games/blackjack/deal',
        (p, a) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: a }),
      ],
      ['slots', '/api/games/slots', (p, a) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: a })],
      [
        'slots bonus buy',
        '/api/games/slots/buy-bonus',
        (p, a) => ({ walletAddress: p.walletAddress, currency: 'HC', betAmount: a }),
      ],
    ];
    for (const [game, url, body] of bets)
      it(`${game}: "1.5" HC and 2.5 (a JSON number) → 400 naming the field; 1000 HC left`, async () => {
        const p = await signIn(app);
        const field = game === 'hi-lo' ? 'bet' : 'betAmount';
        for (const amount of ['1.5', 2.5, '999.00000001']) {
          const res = await p.post(url, body(p, amount));
          expect({ amount, status: res.status, message: res.body?.message }).toEqual({
            amount,
            status: 400,
            message: WHOLE(field),
          });
        }
        expect(await ledgerExact(sql, p.id)).toEqual({ HC: START_HC, AMINA: '0' });
        const [{ n }] = await sql.query<{ n: string }>(`SELECT count(*) AS n FROM ledger WHERE user_id = $1`, [p.id]);
        expect(Number(n)).toBe(1); // the sign-up grant only
      });

    it('a whole HC bet written with zero decimals ("2.0") is still a bet of 2', async () => {
      const p = await signIn(app);
      const res = await p.post('/api/games/dice', {
        walletAddress: p.walletAddress,
        currency: 'HC',
        betAmount: '2.0',
        betType: 'low',
      });
      expect(res.status).toBe(200);
      expect(res.body.betAmount).toBe('2');
    });

    it('dailyLossLimitHC "1.5" → 400 naming the field; no limit set', async () => {
      const p = await signIn(app);
      const res = await p.post('/api/responsible-gaming/limits', {
        walletAddress: p.walletAddress,
        dailyLossLimitHC: '1.5',
      });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: WHOLE('dailyLossLimitHC'),
      });
      expect((await limitsOf(p))?.daily_loss_limit_hc ?? null).toBeNull();
    });
  });

  describe('item 9: amounts past the declared maximum are a 400 naming it, never a 500', () => {
    const EXPONENT = 'dailyLossLimitHC must be a plain decimal without an exponent, at most 1000000000 HC';
    it.each<[unknown, string]>([
      ['92233720369', AT_MOST('dailyLossLimitHC', 'HC')],
      ['1e14', EXPONENT],
      [1e14, AT_MOST('dailyLossLimitHC', 'HC')],
      ['1000000000.5', AT_MOST('dailyLossLimitHC', 'HC')],
      ['1000000001', AT_MOST('dailyLossLimitHC', 'HC')],
      ['9223372036854775808', AT_MOST('dailyLossLimitHC', 'HC')],
      [2 ** 63, AT_MOST('dailyLossLimitHC', 'HC')],
      [1e30, EXPONENT],
    ])(
      'dailyLossLimitHC %p → 400 naming the field and its maximum; the limit already set stays',
      async (value, message) => {
        const p = await signIn(app);
        expect(
          (await p.post('/api/responsible-gaming/limits', { walletAddress: p.walletAddress, dailyLossLimitHC: '50' }))
            .status,
        ).toBe(200);
        const res = await p.post('/api/responsible-gaming/limits', {
          walletAddress: p.walletAddress,
          dailyLossLimitHC: value,
        });
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
        expect((await limitsOf(p))?.daily_loss_limit_hc).toBe(String(50n * 100_000_000n));
      },
    );

    it('the maximum itself is a limit that can be set', async () => {
      const p = await signIn(app);
      const res = await p.post('/api/responsible-gaming/limits', {
        walletAddress: p.walletAddress,
        dailyLossLimitHC: '1000000000',
      });
      expect(res.status).toBe(200);
      expect(res.body.dailyLossLimitHC).toBe('1000000000');
    });

    it('dailyLossLimitAMINA "92233720369" → 400 naming the field and its maximum', async () => {
      const p = await signIn(app);
      const res = await p.post('/api/responsible-gaming/limits', {
        walletAddress: p.walletAddress,
        dailyLossLimitAMINA: '92233720369',
      });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: AT_MOST('dailyLossLimitAMINA', 'AMINA'),
      });
      expect((await limitsOf(p))?.daily_loss_limit_amina ?? null).toBeNull();
    });

    it.each([['92233720369'], ['184467440737.09551615'], [1e14]])(
      'a bet of %p → 400 naming the field; nothing moved',
      async (betAmount) => {
        const p = await signIn(app);
        const res = await p.post('/api/games/dice', {
          walletAddress: p.walletAddress,
          currency: 'HC',
          betAmount,
          betType: 'low',
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^betAmount /);
        expect(await ledgerExact(sql, p.id)).toEqual({ HC: START_HC, AMINA: '0' });
      },
    );

    it('a withdrawal past BIGINT ("184467440737", within uint64) → 400 naming the field and its maximum, nothing debited', async () => {
      const demo = intChain().wallets.find((w) => w.label === 'player-3')!;
      const p = await verifiedPlayer(app, demo);
      const before = await ledgerExact(sql, p.id);
      for (const amount of ['184467440737', '92233720369', 1e14]) {
        const res = await p.post('/api/crypto/withdraw', { walletAddress: p.walletAddress, amount });
        expect({ amount, status: res.status, message: res.body.message }).toEqual({
          amount,
          status: 400,
          message: AT_MOST('amount', 'AMINA'),
        });
      }
      expect(await ledgerExact(sql, p.id)).toEqual(before);
    });
  });
});
