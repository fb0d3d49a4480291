import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as algosdk from 'algosdk';
import { SqlService } from '../database/sql.service';
import { answerWatch, createIntApp } from '../../test/int-app';
import { chainClients, deposit, verifiedPlayer } from '../../test/chain';
import { ledgerExact } from '../../test/seeds';
import { BankrollService, maxStakeFor } from './bankroll.service';

// Issue 21 item 5: one AMINA bet may win at most a fraction of the house's bankroll (its AMINA on
// chain less what it owes players); games lower their max bet to fit.

describe('AMINA bankroll cap (PostgreSQL + devnet)', () => {
  let app: NestFastifyApplication;
  let sql: SqlService;
  const net = chainClients();
  const FRACTION_PPM = 1_000n; // AMINA_MAX_PROFIT_FRACTION=0.001

  beforeAll(async () => {
    app = await createIntApp({ AMINA_MAX_PROFIT_FRACTION: '0.001' });
    sql = app.get(SqlService);
  });
  // other suites expect player-2 to hold no casino AMINA: send back whatever these tests left
  afterAll(async () => {
    try {
      const w = net.chain.wallets.find((x) => x.label === 'player-2')!;
      const p = await verifiedPlayer(app, w);
      const left = (await p.get(`/api/users/${w.address}`)).body.aminaBalance;
      // best effort (the day's withdrawal limit may be used up by other suites): never leave the app running
      if (left !== '0') await p.post('/api/crypto/withdraw', { walletAddress: w.address, amount: left });
    } finally {
      await app.close();
    }
  });

  /** The cap computed here from the chain and the ledger, independently of the service. */
  async function expectedMaxProfit(): Promise<bigint> {
    const house = await net.aminaOf(net.chain.houseAddress);
    const [l] = await sql.query<{ owed: string }>(
      `SELECT COALESCE((SELECT sum(amount) FROM balances WHERE currency = 'AMINA'), 0) + COALESCE((SELECT sum(amount) FROM withdrawals WHERE status IN ('pending', 'signed')), 0) AS owed`,
    );
    return ((house - BigInt(l.owed)) * FRACTION_PPM) / 1_000_000n;
  }

  const units = (decimal: string) => BigInt(Math.round(Number(decimal) * 1e8));

  it('betting-limits answers the cap from the chain and the ledger, and each game’s max stake under it', async () => {
    const w = net.chain.wallets.find((x) => x.label === 'player-2')!;
    const p = await verifiedPlayer(app, w);
    app.get(BankrollService).invalidate();
    const limits = await p.get(`/api/crypto/betting-limits/${w.address}`);
    const cap = await expectedMaxProfit();
    expect(cap).toBeGreaterThan(0n);
    expect(units(limits.body.maxProfit)).toBe(cap);
    // dice 'seven' pays 4x (net 3x), 'low' 2x (net 1x); slots' per-spin cap is 5000x
    expect(units(limits.body.games['dice:seven'])).toBe([cap / 3n, 100_000_000n].reduce((a, b) => (a < b ? a : b)));
    expect(units(limits.body.games['dice:low'])).toBe([cap, 100_000_000n].reduce((a, b) => (a < b ? a : b)));
    expect(units(limits.body.games['slots'])).toBe(maxStakeFor(cap, 5000));
    expect(units(limits.body.games['slots'])).toBeLessThan(units(limits.body.games['dice:seven']));
    expect(limits.body).toMatchObject({ min: '0.001', max: '1.0' });
  });

  it('an AMINA bet whose best win passes the cap is refused with the limit named, and nothing moves; one within it is placed', async () => {
    const w = net.chain.wallets.find((x) => x.label === 'player-2')!;
    const p = await verifiedPlayer(app, w);
    const txId = await deposit(p, w.mnemonic, '1');
    await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId });
    const bankroll = app.get(BankrollService);
    bankroll.invalidate();
    const cap = await expectedMaxProfit();
    const maxSeven = cap / 3n;
    expect(maxSeven).toBeLessThan(100_000_000n); // the cap, not BET_MAX_AMINA, is what binds here
    const over = Number(maxSeven + 1_000_000n) / 1e8;
    const before = await ledgerExact(sql, p.id);

    const refused = await p.post('/api/games/dice', {
      walletAddress: w.address,
      currency: 'AMINA',
      betAmount: String(over),
      betType: 'seven',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^betAmount: the most you can bet on dice 'seven' right now is [0-9.]+ AMINA: one bet may win at most [0-9.]+ AMINA \\(0\\.1% of the house bankroll\\)$`,
      ),
    );
    expect(await ledgerExact(sql, p.id)).toEqual(before);

    // the same stake on 'low' (net 1x) fits
    const placed = await p.post('/api/games/dice', {
      walletAddress: w.address,
      currency: 'AMINA',
      betAmount: String(over),
      betType: 'low',
    });
    expect(placed.status).toBe(200);
    // plinko high risk's best slot is far above the stake: refused too
    const plinko = await p.post('/api/games/plinko/deduct', {
      walletAddress: w.address,
      currency: 'AMINA',
      betAmount: String(over),
      risk: 'high',
    });
    expect(plinko.body.message).toMatch(/^betAmount: the most you can bet on plinko \(high risk\) right now is/);
  });

  it('slots and blackjack AMINA stakes are held to their own max under the cap (slots per spin, blackjack a doubled split)', async () => {
    const w = net.chain.wallets.find((x) => x.label === 'player-2')!;
    const p = await verifiedPlayer(app, w);
    const txId = await deposit(p, w.mnemonic, '1');
    await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId });
    app.get(BankrollService).invalidate();
    const before = await ledgerExact(sql, p.id);
    const slots = await p.post('/api/games/slots', { walletAddress: w.address, currency: 'AMINA', betAmount: '0.01' });
    expect(slots).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^betAmount: the most you can bet on slots right now is [0-9.]+ AMINA/) },
    });
    const bonus = await p.post('/api/games/slots/buy-bonus', {
      walletAddress: w.address,
      currency: 'AMINA',
      betAmount: '0.01',
    });
    expect(bonus.status).toBe(400);
    const bj = await p.post('/api/games/blackjack/deal', {
      walletAddress: w.address,
      currency: 'AMINA',
      betAmount: '0.5',
    });
    expect(bj).toMatchObject({
      status: 400,
      body: {
        message: expect.stringMatching(/^betAmount: the most you can bet on blackjack right now is [0-9.]+ AMINA/),
      },
    });
    expect(await ledgerExact(sql, p.id)).toEqual(before);
  });

  it('hi-lo refuses an AMINA guess whose payout would pass the cap, before drawing, and the run can still be cashed out or played safely', async () => {
    const w = net.chain.wallets.find((x) => x.label === 'player-2')!;
    const p = await verifiedPlayer(app, w);
    const txId = await deposit(p, w.mnemonic, '2');
    await p.post('/api/crypto/notify-deposit', { walletAddress: w.address, txId });
    app.get(BankrollService).invalidate();
    const cap = await expectedMaxProfit();
    let refusal: { status: number; body: { error: string; message: string } } | null = null;
    for (let run = 0; run < 20 && !refusal; run++) {
      const start = await p.post('/api/games/hilo/start', { walletAddress: w.address, currency: 'AMINA', bet: '0.9' });
      expect(start.status).toBe(200);
      let state = start.body;
      while (state.status === 'active' && !refusal) {
        const sides = (['higher', 'lower'] as const)
          .filter((d) => state.next[d].allowed)
          .sort((a, b) => state.next[b].nextMultiplier - state.next[a].nextMultiplier);
        const direction = sides[0];
        const wouldWin = units((0.9 * state.next[direction].nextMultiplier).toFixed(8)) - units('0.9');
        const cardsBefore = state.cards.length;
        const res = await p.post('/api/games/hilo/guess', { walletAddress: w.address, direction });
        if (res.status === 409 && res.body.error === 'BANKROLL_CAP') {
          expect(wouldWin).toBeGreaterThan(cap - 2n); // refused only when the payout really passes the cap
          refusal = res;
          const still = await p.get(`/api/games/hilo/current?walletAddress=${w.address}`);
          expect(still.body).toMatchObject({ active: true });
          expect(still.body.cards).toHaveLength(cardsBefore); // no card was drawn
          break;
        }
        expect(res.status).toBe(200);
        expect(wouldWin).toBeLessThanOrEqual(cap + 2n);
        state = res.body;
      }
      const open = await p.get(`/api/games/hilo/current?walletAddress=${w.address}`);
      if (open.body.active) {
        const out = await p.post('/api/games/hilo/cashout', { walletAddress: w.address });
        if (out.status !== 200) {
          // nothing guessed right yet: play the safest side until the run ends
          for (let k = 0; k < 30; k++) {
            const cur = (await p.get(`/api/games/hilo/current?walletAddress=${w.address}`)).body;
            if (!cur.active) break;
            const safe = (['higher', 'lower'] as const)
              .filter((d) => cur.next[d].allowed)
              .sort((a, b) => cur.next[b].probability - cur.next[a].probability)[0];
            const g = await p.post('/api/games/hilo/guess', { walletAddress: w.address, direction: safe });
            if (g.status === 200 && g.body.status === 'active')
              await p.post('/api/games/hilo/cashout', { walletAddress: w.address });
          }
        }
      }
    }
    expect(refusal?.body.message).toMatch(
      /^This guess could win more than the house's cap of [0-9.]+ AMINA for one bet \(0\.1% of its bankroll\): cash out instead$/,
    );
  });

  it('House Coins are never capped by the AMINA bankroll', async () => {
    // a fresh key: its own account with exactly 1,000 HC, whatever other suites did with the demo wallets
    const account = algosdk.generateAccount();
    const w = { address: account.addr.toString(), mnemonic: algosdk.secretKeyToMnemonic(account.sk) };
    const p = await verifiedPlayer(app, w);
    const res = await p.post('/api/games/dice', {
      walletAddress: w.address,
      currency: 'HC',
      betAmount: '1000',
      betType: 'seven',
    });
    expect(res.status).toBe(200);
  });

  // last: every answer above was written whole by its schema (test/answers.ts)
  it('wrote each answer whole: its schema dropped no field and coerced no type', () => {
    expect(answerWatch(app)).toEqual({
      mismatches: [],
      checked: expect.arrayContaining(['GET /api/games/hilo/current']),
    });
  });
});
