import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHmac } from 'node:crypto';
import { ratio, toJsonR } from './rational';
import type { SlotsModel } from './slots/model';
import { verify } from './verify';

const vectors = JSON.parse(fs.readFileSync(path.resolve(__dirname, 'fixtures/engine-vectors.json'), 'utf8'));
const V = vectors.seeds[1]; // lucky-star, nonce 1: dice 3+1, plinko slot 4
const SEED = V.serverSeed as string;

describe('verify: bad input is an error result', () => {
  it.each([
    ['unknown game', ['roulette', SEED, 'c', 0, {}], 'game must be one of dice, plinko, hilo, blackjack, slots'],
    [
      'uppercase seed',
      ['dice', SEED.toUpperCase(), 'c', 0, { betType: 'low' }],
      'serverSeed must be 64 lowercase hex characters',
    ],
    ['short seed', ['dice', 'abc', 'c', 0, { betType: 'low' }], 'serverSeed must be 64 lowercase hex characters'],
    ['missing seed', ['dice', undefined, 'c', 0, { betType: 'low' }], 'serverSeed must be 64 lowercase hex characters'],
    ['negative nonce', ['dice', SEED, 'c', -1, { betType: 'low' }], 'nonce must be a non-negative integer'],
    ['fractional nonce', ['dice', SEED, 'c', 1.5, { betType: 'low' }], 'nonce must be a non-negative integer'],
    ['string nonce', ['dice', SEED, 'c', '1', { betType: 'low' }], 'nonce must be a non-negative integer'],
    ['client seed not a string', ['dice', SEED, null, 1, { betType: 'low' }], 'clientSeed must be a string'],
    ['missing bet type', ['dice', SEED, 'c', 1, {}], 'betType must be one of low, seven, high'],
    ['unknown risk', ['plinko', SEED, 'c', 1, { risk: 'max' }], 'risk must be one of low, medium, high'],
    ['guesses not a list', ['hilo', SEED, 'c', 1, { guesses: 'higher' }], 'guesses must be a list of strings'],
    ['a bad guess', ['hilo', SEED, 'c', 1, { guesses: ['up'] }], 'guess 1 (up): direction must be "higher" or "lower"'],
    [
      'an illegal blackjack action',
      ['blackjack', SEED, 'c', 0, { actions: ['split'] }],
      'action 1 (split): Cannot split 10 and 5: the cards must be of equal rank',
    ],
    [
      'acting after a settled round',
      ['blackjack', SEED, 'c', 1, { actions: ['hit'] }],
      'action 1 (hit): The hand is over',
    ],
    ['slots freeSpins not a boolean', ['slots', SEED, 'c', 1, { freeSpins: 'yes' }], 'freeSpins must be true or false'],
    ['a malformed slots model', ['slots', SEED, 'c', 1, { model: { symbols: 3 } }], 'model: malformed slots model'],
    [
      'a bad stake',
      ['dice', SEED, 'c', 1, { betType: 'low', stake: '1.5' }],
      'stake must be a whole number of base units, as a decimal string',
    ],
    [
      'a bad currency',
      ['dice', SEED, 'c', 1, { betType: 'low', stake: '1', currency: 'EUR' }],
      'currency must be HC or AMINA',
    ],
  ] as const)('%s', (_name, args, error) => {
    const [game, s, c, n, params] = args as unknown as [unknown, unknown, unknown, unknown, object];
    expect(verify(game, s, c, n, params)).toEqual({ ok: false, error });
  });
});

describe('verify: recomputes outcomes', () => {
  it('dice, with the commitment and payout', () => {
    const r = verify('dice', SEED, V.clientSeed, V.nonce, { betType: 'low', stake: '100000000' });
    expect(r).toEqual({
      ok: true,
      game: 'dice',
      serverSeedHash: V.serverSeedHash,
      clientSeed: V.clientSeed,
      nonce: V.nonce,
      outcome: { dice: V.dice, total: V.dice[0] + V.dice[1], betType: 'low', won: true },
      multiplier: { num: '2', den: '1' },
      multiplierValue: 2,
      payout: '200000000',
    });
  });

  it('plinko', () => {
    const r = verify('plinko', SEED, V.clientSeed, V.nonce, { risk: 'high', stake: '12345' });
    if (!r.ok) throw new Error(r.error);
    expect(r.outcome).toEqual({ risk: 'high', path: V.plinko.path, slot: V.plinko.slot });
    expect(r.multiplier).toEqual(V.plinko.multipliers.high);
    expect(r.payout).toBe('7407'); // 12345 × 0.6 = 7407
  });

  it('plinko in House Coins: 3 HC at 0.6x pays 1 HC (1.8 rounded down to a whole coin)', () => {
    const r = verify('plinko', SEED, V.clientSeed, V.nonce, { risk: 'high', stake: '300000000', currency: 'HC' });
    if (!r.ok) throw new Error(r.error);
    expect(r.multiplier).toEqual(V.plinko.multipliers.high);
    expect(r.payout).toBe('100000000');
    const amina = verify('plinko', SEED, V.clientSeed, V.nonce, {
      risk: 'high',
      stake: '300000000',
      currency: 'AMINA',
    });
    expect(amina.ok && amina.payout).toBe('180000000');
  });

  it('hi-lo runs from the vectors', () => {
    for (const h of vectors.hilo) {
      const r = verify('hilo', h.serverSeed, h.clientSeed, h.nonce, { guesses: h.guesses, cashout: h.cashout });
      if (!r.ok) throw new Error(r.error);
      expect(r.outcome.cards).toEqual(h.expected.cards);
      expect(r.outcome.status).toBe(h.expected.status);
      const settled = h.expected.status === 'active' ? null : h.expected.multiplier;
      expect(r.multiplier).toEqual(settled);
    }
  });

  it('blackjack rounds from the vectors, with Node HMAC injected', () => {
    const nodeHmac = (k: Uint8Array, m: Uint8Array) => new Uint8Array(createHmac('sha256', k).update(m).digest());
    for (const b of vectors.blackjack) {
      const r = verify('blackjack', b.serverSeed, b.clientSeed, b.nonce, { actions: b.actions }, nodeHmac);
      if (!r.ok) throw new Error(r.error);
      expect(r.outcome.dealer).toEqual(b.expected.dealer);
      expect(r.multiplier).toEqual(b.expected.totalReturn);
    }
  });

  it('a blackjack round still in play has no multiplier yet', () => {
    const b = vectors.blackjack.find((x: { actions: string[] }) => x.actions.length >= 2);
    const r = verify('blackjack', b.serverSeed, b.clientSeed, b.nonce, { actions: b.actions.slice(0, 1) });
    if (!r.ok) throw new Error(r.error);
    expect([r.outcome.status, r.multiplier]).toEqual(['player', null]);
  });

  it('slots through the hook with a caller-supplied model', () => {
    const m = vectors.cascade.model;
    const model: SlotsModel = {
      symbols: m.weights.map((w: number, i: number) => ({ id: `s${i}`, emoji: '⭐', weight: w })),
      scatterId: `s${m.scatter}`,
      minCluster: m.minCluster,
      payScale: 100,
      pays: Object.fromEntries(m.pays.map((row: number[], i: number) => [`s${i}`, row])),
      maxWin: 5000,
      freeSpins: { scattersToTrigger: 3, awards: [10], retrigger: false, multiplier: 3, weights: m.weights },
      buyBonus: { cost: 100, spins: 10 },
    };
    for (const spin of vectors.cascade.spins) {
      const r = verify('slots', spin.serverSeed, spin.clientSeed, spin.nonce, { model, stake: '100' });
      if (!r.ok) throw new Error(r.error);
      expect(r.outcome.finalGrid).toEqual(spin.expected.finalGrid.map((s: number) => `s${s}`));
      expect(r.multiplier).toEqual(toJsonR(ratio(spin.expected.totalWin, 100)));
      expect(r.payout).toBe(String(spin.expected.totalWin));
    }
  });

  it('slots with the shipped model by default, paid and free spins, as in the published vectors', () => {
    for (const v of vectors.slots.spins) {
      const r = verify('slots', v.serverSeed, v.clientSeed, v.nonce, { freeSpins: v.mode === 'free' });
      if (!r.ok) throw new Error(r.error);
      const { multiplier, multiplierValue, ...outcome } = v.expected;
      expect([r.outcome, r.multiplier, r.multiplierValue]).toEqual([outcome, multiplier, multiplierValue]);
    }
  });

  it('slots with a caller-supplied model that cannot be played is an error result', () => {
    const model = {
      symbols: [
        { id: 'a', emoji: '⭐', weight: 1 },
        { id: 'x', emoji: '🌌', weight: 0 },
      ],
      scatterId: 'x',
      minCluster: 5,
      payScale: 100,
      pays: { a: [1] },
      maxWin: 5000,
      freeSpins: { scattersToTrigger: 3, awards: [10], retrigger: false, multiplier: 3, weights: [1, 0] },
      buyBonus: { cost: 100, spins: 10 },
    };
    // Only one symbol can ever be drawn, so every grid is one winning cluster, forever.
    expect(verify('slots', SEED, 'c', 1, { model })).toEqual({
      ok: false,
      error: 'model: More than 1000 cascades in one spin',
    });
  });

  it('its result is plain JSON', () => {
    const r = verify('blackjack', SEED, 'c', 3, { actions: ['stand'] });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});
