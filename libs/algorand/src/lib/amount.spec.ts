import { formatAmount, parseAmount } from './amount';
import { MAX_UINT64 } from './constants';

describe('parseAmount', () => {
  it.each<[string, bigint]>([
    ['0', 0n],
    ['0.0', 0n],
    ['1', 100000000n],
    ['0.2', 20000000n],
    ['0.001', 100000n],
    ['0.00000001', 1n],
    ['0.10000000', 10000000n],
    ['1.5', 150000000n],
    ['25', 2500000000n],
    ['1000', 100000000000n],
    ['007.5', 750000000n],
    ['184467440737.09551615', MAX_UINT64],
  ])('parses %j as %s base units', (text, units) => {
    expect(parseAmount(text)).toEqual({ ok: true, value: units });
  });

  it.each<[string, unknown, string]>([
    ['empty', '', 'empty'],
    ['a number, not a string', 0.2, 'not-a-string'],
    ['null', null, 'not-a-string'],
    ['a bigint', 1n, 'not-a-string'],
    ['negative', '-1', 'negative'],
    ['negative zero', '-0', 'negative'],
    ['a leading plus', '+1', 'leading-plus'],
    ['exponent', '1e8', 'exponent'],
    ['upper-case exponent', '1E-3', 'exponent'],
    ['exponent with fraction', '1.5e+2', 'exponent'],
    ['nine decimals', '0.000000001', 'too-many-decimals'],
    ['nine decimals with trailing zero', '0.100000000', 'too-many-decimals'],
    ['letters', 'abc', 'not-a-number'],
    ['hex', '0x10', 'not-a-number'],
    ['Infinity', 'Infinity', 'not-a-number'],
    ['NaN', 'NaN', 'not-a-number'],
    ['two points', '1.2.3', 'not-a-number'],
    ['a comma', '1,5', 'not-a-number'],
    ['leading space', ' 1', 'not-a-number'],
    ['trailing space', '1 ', 'not-a-number'],
    ['a bare point', '.', 'not-a-number'],
    ['no whole part', '.5', 'not-a-number'],
    ['no fraction digits', '5.', 'not-a-number'],
    ['a unit suffix', '1 AMINA', 'not-a-number'],
    ['full-width digits', '１', 'not-a-number'],
    ['one unit above uint64', '184467440737.09551616', 'too-large'],
    ['a huge value', '1' + '0'.repeat(40), 'too-large'],
    ['a megabyte of digits', '9'.repeat(1_000_000), 'too-large'],
  ])('refuses %s', (_name, input, error) => {
    const result = parseAmount(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBe(error);
      expect(result.message.length).toBeGreaterThan(0);
    }
  });

  it.each<[string, bigint, boolean]>([
    ['1', 100000000n, true],
    ['1.00000001', 100000000n, false],
    ['0.5', 100000000n, true],
  ])('applies a custom max: %j within %s is %s', (text, max, ok) => {
    expect(parseAmount(text, { max }).ok).toBe(ok);
  });

  it.each<[string, number, bigint]>([
    ['1', 0, 1n],
    ['1.5', 1, 15n],
    ['0.000001', 6, 1n],
  ])('parses %j with %i decimals as %s', (text, decimals, value) => {
    expect(parseAmount(text, { decimals })).toEqual({ ok: true, value });
  });

  it('refuses a fraction when the unit has no decimals', () => {
    expect(parseAmount('1.5', { decimals: 0 })).toMatchObject({ ok: false, error: 'too-many-decimals' });
  });

  it('throws for impossible decimals (a programmer error)', () => {
    expect(() => parseAmount('1', { decimals: -1 })).toThrow(RangeError);
    expect(() => parseAmount('1', { decimals: 1.5 })).toThrow(RangeError);
  });
});

describe('formatAmount', () => {
  it.each<[bigint, string]>([
    [0n, '0'],
    [1n, '0.00000001'],
    [20000000n, '0.2'],
    [100000n, '0.001'],
    [100000000n, '1'],
    [150000000n, '1.5'],
    [100000000000n, '1000'],
    [123456789n, '1.23456789'],
    [-20000000n, '-0.2'],
    [MAX_UINT64, '184467440737.09551615'],
  ])('formats %s as %j', (units, text) => {
    expect(formatAmount(units)).toBe(text);
  });

  it.each<[bigint, number, string]>([
    [20000000n, 3, '0.200'],
    [123456789n, 3, '1.234'],
    [199999999n, 3, '1.999'],
    [99999n, 3, '0.000'],
    [100000n, 3, '0.001'],
    [0n, 3, '0.000'],
    [-123456789n, 3, '-1.234'],
    [-99999n, 3, '0.000'],
    [123456789n, 0, '1'],
    [123456789n, 8, '1.23456789'],
    [100000000n, 2, '1.00'],
  ])('formats %s with %i fixed decimals (truncating) as %j', (units, decimals, text) => {
    expect(formatAmount(units, { decimals })).toBe(text);
  });

  it('formats with another unit scale', () => {
    expect(formatAmount(1500000n, { unitDecimals: 6 })).toBe('1.5');
  });

  it('round-trips with parseAmount', () => {
    for (const units of [0n, 1n, 7n, 20000000n, 123456789012n, MAX_UINT64]) {
      expect(parseAmount(formatAmount(units))).toEqual({ ok: true, value: units });
    }
  });

  it('throws for impossible decimals (a programmer error)', () => {
    expect(() => formatAmount(1n, { decimals: -1 })).toThrow(RangeError);
  });
});
