import { GameEngineError } from './errors';
import { BASE_UNITS_PER_COIN, payout } from './money';
import { addR, compareR, decimalR, divR, formatR, fromJsonR, mulR, ratio, toJsonR, toNumber } from './rational';

describe('rational', () => {
  it.each([
    [ratio(6, 8), '3/4'],
    [ratio(0, 5), '0'],
    [ratio(10, 5), '2'],
    [addR(ratio(1, 3), ratio(1, 6)), '1/2'],
    [mulR(ratio(99, 100), ratio(13, 12)), '429/400'],
    [divR(ratio(99, 100), ratio(12, 13)), '429/400'],
    [decimalR('0.5'), '1/2'],
    [decimalR('1.4'), '7/5'],
    [decimalR('25'), '25'],
  ])('case %# is %s', (r, text) => expect(formatR(r)).toBe(text));

  it('rejects bad input', () => {
    expect(() => ratio(1, 0)).toThrow(GameEngineError);
    expect(() => decimalR('1e3')).toThrow(GameEngineError);
    expect(() => fromJsonR({ num: '1.5', den: '2' })).toThrow(GameEngineError);
    expect(() => divR(ratio(1), ratio(0))).toThrow(GameEngineError);
  });

  it('round-trips through JSON', () => {
    const r = ratio(130776277258341n, 25600000000000n);
    expect(fromJsonR(JSON.parse(JSON.stringify(toJsonR(r))))).toEqual(r);
  });

  it('compares and converts to the nearest double', () => {
    expect(compareR(ratio(1, 3), ratio(1, 2))).toBe(-1);
    expect(compareR(ratio(2, 4), ratio(1, 2))).toBe(0);
    expect(toNumber(ratio(4037, 4096))).toBe(4037 / 4096);
    expect(toNumber(ratio(1, 3))).toBe(1 / 3);
    const huge = ratio(10n ** 40n + 1n, 3n * 10n ** 40n);
    expect(toNumber(huge)).toBeCloseTo(1 / 3, 15);
  });
});

describe('payout (round down to a base unit)', () => {
  it.each([
    [100_000_000n, ratio(2), 200_000_000n], // 1 coin × 2
    [100_000_000n, decimalR('0.2'), 20_000_000n], // 0.2x of 1 HC is exact
    [1n, decimalR('0.5'), 0n], // half a base unit goes to the house
    [3n, decimalR('0.5'), 1n],
    [7n, ratio(5, 2), 17n], // 17.5 → 17
    [12_345n, ratio(429, 400), 13_240n], // 13240.0125 → 13240
    [BASE_UNITS_PER_COIN * 1000n, decimalR('60'), 6_000_000_000_000n],
    [0n, ratio(25), 0n],
    [99n, ratio(0), 0n],
  ])('case %#: %s base units', (stake, m, expected) => expect(payout(stake, m)).toBe(expected));

  it('throws on a negative stake (programmer error)', () => {
    expect(() => payout(-1n, ratio(2))).toThrow(GameEngineError);
  });
});
