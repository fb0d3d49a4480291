import { createHmac } from 'node:crypto';
import { GameEngineError } from '../errors';
import type { HmacSha256 } from './hmac';
import { sfc32 } from './prng';
import { listStream, streamFrom } from './source';
import { bytesToFloat, fairStream, floatAt, roundBytes, seedError, serverSeedHash, tryFairStream } from './stream';

const SEED = '3b1f0c5e2d4a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const nodeHmac: HmacSha256 = (key, msg) => new Uint8Array(createHmac('sha256', key).update(msg).digest());

describe('seedError', () => {
  it.each([
    [SEED, 'c', 0, null],
    [SEED, '', 0, null],
    [SEED, 'c', Number.MAX_SAFE_INTEGER, null],
    [SEED.toUpperCase(), 'c', 0, 'serverSeed must be 64 lowercase hex characters'],
    [SEED.slice(1), 'c', 0, 'serverSeed must be 64 lowercase hex characters'],
    [SEED + '0', 'c', 0, 'serverSeed must be 64 lowercase hex characters'],
    [SEED.slice(1) + 'g', 'c', 0, 'serverSeed must be 64 lowercase hex characters'],
    [42, 'c', 0, 'serverSeed must be 64 lowercase hex characters'],
    [SEED, 7, 0, 'clientSeed must be a string'],
    [SEED, 'c', -1, 'nonce must be a non-negative integer'],
    [SEED, 'c', 1.5, 'nonce must be a non-negative integer'],
    [SEED, 'c', '3', 'nonce must be a non-negative integer'],
    [SEED, 'c', Number.NaN, 'nonce must be a non-negative integer'],
    [SEED, 'c', 2 ** 53, 'nonce must be a non-negative integer'],
  ])('(%j, %j, %j) → %j', (s, c, n, error) => {
    expect(seedError(s, c, n)).toBe(error);
  });
});

describe('fair stream', () => {
  it('hashes the seed ASCII text', () => {
    expect(serverSeedHash(SEED)).toBe('8855614fb9ce5302d789a0a436878247c66c6ba5434c63436834094f2723d0d8');
  });

  it('round bytes are HMAC(key = seed ASCII, msg = "client:nonce:round")', () => {
    for (const round of [0, 1, 7]) {
      const expected = createHmac('sha256', SEED).update(`lucky-star:1:${round}`).digest('hex');
      expect(Buffer.from(roundBytes(SEED, 'lucky-star', 1, round)).toString('hex')).toBe(expected);
    }
  });

  it('bytesToFloat is b0/256 + b1/256^2 + b2/256^3 + b3/256^4', () => {
    const cases = [
      [0, 0, 0, 0],
      [255, 255, 255, 255],
      [128, 0, 0, 1],
      [1, 2, 3, 4],
      [254, 1, 255, 0],
    ];
    for (const b of cases) {
      const expected = b[0] / 256 + b[1] / 256 ** 2 + b[2] / 256 ** 3 + b[3] / 256 ** 4;
      expect(bytesToFloat(Uint8Array.from([9, ...b]), 1)).toBe(expected);
    }
    expect(bytesToFloat(Uint8Array.from([255, 255, 255, 255]), 0)).toBeLessThan(1);
  });

  it('floats continue across rounds: index i is round i div 8, bytes 4(i mod 8)…', () => {
    const s = fairStream(SEED, 'lucky-star', 1);
    const r1 = roundBytes(SEED, 'lucky-star', 1, 1);
    for (let i = 0; i < 8; i++) expect(s.at(8 + i)).toBe(bytesToFloat(r1, 4 * i));
    for (const i of [0, 7, 8, 15, 16, 100]) expect(floatAt(SEED, 'lucky-star', 1, i)).toBe(s.at(i));
  });

  it('next() walks the same floats as at()', () => {
    const a = fairStream(SEED, 'c', 5);
    const b = fairStream(SEED, 'c', 5);
    const seq = Array.from({ length: 20 }, () => a.next());
    expect(seq).toEqual(Array.from({ length: 20 }, (_, i) => b.at(i)));
    expect(a.position).toBe(20);
  });

  it('gives the same floats with Node createHmac injected', () => {
    const own = fairStream(SEED, 'ünï ☄️', 9);
    const node = fairStream(SEED, 'ünï ☄️', 9, nodeHmac);
    for (let i = 0; i < 24; i++) expect(node.at(i)).toBe(own.at(i));
  });

  it('computes each round once', () => {
    let calls = 0;
    const counting: HmacSha256 = (k, m) => (calls++, nodeHmac(k, m));
    const s = fairStream(SEED, 'c', 0, counting);
    for (let i = 0; i < 16; i++) s.at(i);
    s.at(3);
    expect(calls).toBe(2);
  });

  it('throws GameEngineError for bad seeds; tryFairStream returns an error result', () => {
    expect(() => fairStream('nothex', 'c', 0)).toThrow(GameEngineError);
    expect(() => fairStream(SEED, 'c', -1)).toThrow('nonce must be a non-negative integer');
    expect(tryFairStream('nothex', 'c', 0)).toEqual({
      ok: false,
      error: 'serverSeed must be 64 lowercase hex characters',
    });
    expect(tryFairStream(SEED, 'c', 0).ok).toBe(true);
    expect(() => fairStream(SEED, 'c', 0).at(-1)).toThrow(GameEngineError);
  });
});

describe('stream adapters', () => {
  it('listStream replays and throws when exhausted', () => {
    const s = listStream([0.1, 0.2]);
    expect([s.next(), s.next()]).toEqual([0.1, 0.2]);
    expect(() => s.next()).toThrow('listStream exhausted');
    expect(() => listStream([1])).toThrow(GameEngineError);
  });

  it('streamFrom caches a sequential source for random access', () => {
    const s = streamFrom(sfc32(7));
    const direct = sfc32(7);
    const expected = Array.from({ length: 10 }, () => direct.next());
    expect(s.at(9)).toBe(expected[9]);
    expect(s.at(2)).toBe(expected[2]);
    expect(s.next()).toBe(expected[0]);
  });

  it('sfc32 is deterministic per seed, in [0,1), u32 resolution', () => {
    const a = sfc32(123);
    const b = sfc32(123);
    const c = sfc32(124);
    let same = 0;
    for (let i = 0; i < 1000; i++) {
      const x = a.next();
      expect(x).toBe(b.next());
      expect(x >= 0 && x < 1).toBe(true);
      expect(Number.isInteger(x * 2 ** 32)).toBe(true);
      if (x === c.next()) same++;
    }
    expect(same).toBe(0);
  });

  it('sfc32 floats are roughly uniform', () => {
    const s = sfc32(1);
    const bins = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) bins[Math.floor(s.next() * 10)]++;
    // chi-square with 9 degrees of freedom; 27.9 is the 0.1% critical value
    const chi = bins.reduce((sum, n) => sum + (n - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(27.9);
  });
});
