import { parseAmount } from '@cosmic/algorand';
import { AMINA_MIN_BET, HC_MAX_BET, HC_MIN_BET } from '@cosmic/contracts';
import { BASE_UNITS_PER_COIN as COIN } from '@cosmic/game-engine';
import {
  AMINA_EXACT_DECIMALS,
  type BetContext,
  type BetCurrency,
  betProblem,
  betProblemText,
  betRange,
  capBet,
  clampBet,
  convertBet,
  doubleBet,
  formatMoney,
  halfBet,
  maxBet,
  QUICK_BETS,
} from './bet-math';

// Amounts in the tables are written as the decimal strings players see; u() turns them into base units.
const u = (text: string): bigint => {
  const r = parseAmount(text);
  if (!r.ok) throw new Error(`bad test amount ${text}`);
  return r.value;
};
const ctx = (amina: string, hc: string, limit = '1.0'): BetContext => ({
  aminaBalance: u(amina),
  hcBalance: u(hc),
  aminaMaxLimit: u(limit),
});
const RICH = ctx('100', '5000', '1.0');

describe('constants (libs/contracts bet-limits.ts)', () => {
  it('AMINA min 0.001, HC 1 to 1000', () => {
    expect(AMINA_MIN_BET).toBe(u('0.001'));
    expect(HC_MIN_BET).toBe(u('1'));
    expect(HC_MAX_BET).toBe(u('1000'));
  });

  it('quick bets: AMINA 0.001, 0.01, 0.1, 0.5; HC 1, 5, 10, 25, 50', () => {
    expect(QUICK_BETS.AMINA).toEqual(['0.001', '0.01', '0.1', '0.5'].map(u));
    expect(QUICK_BETS.HC).toEqual(['1', '5', '10', '25', '50'].map(u));
  });
});

describe('betRange', () => {
  const cases: Array<[string, BetCurrency, BetContext, string, string]> = [
    ['AMINA max is the server limit when the balance is larger', 'AMINA', ctx('100', '0', '1.0'), '0.001', '1'],
    ['AMINA max is the balance when it is below the limit', 'AMINA', ctx('0.25', '0', '1.0'), '0.001', '0.25'],
    ['AMINA max follows a server limit other than the default', 'AMINA', ctx('100', '0', '5'), '0.001', '5'],
    ['AMINA with no balance has max 0', 'AMINA', ctx('0', '0'), '0.001', '0'],
    ['HC max is 1000 when the balance is larger', 'HC', ctx('0', '5000'), '1', '1000'],
    ['HC max is the balance when it is below 1000', 'HC', ctx('0', '37'), '1', '37'],
    ['HC max is the balance in whole coins (a 1.5x win leaves halves)', 'HC', ctx('0', '37.5'), '1', '37'],
    ['HC with exactly 1000', 'HC', ctx('0', '1000'), '1', '1000'],
  ];
  it.each(cases)('%s', (_, currency, c, min, max) => {
    expect(betRange(currency, c)).toEqual({ min: u(min), max: u(max), step: currency === 'HC' ? u('1') : 1n });
  });
});

describe('clamping', () => {
  const hc = betRange('HC', ctx('0', '300'));
  const amina = betRange('AMINA', ctx('0.5', '0'));
  const broke = betRange('HC', ctx('0', '0.5'));
  const cases: Array<[string, (a: bigint) => bigint, string, string]> = [
    ['capBet keeps a bet within range', (a) => capBet(a, hc), '25', '25'],
    ['capBet clamps a bet above max to max', (a) => capBet(a, hc), '301', '300'],
    ['capBet leaves a bet below min alone (typing)', (a) => capBet(a, hc), '0.5', '0.5'],
    ['clampBet raises a bet below min to min', (a) => clampBet(a, hc), '0.5', '1'],
    ['clampBet lowers a bet above max to max', (a) => clampBet(a, amina), '0.75', '0.5'],
    ['clampBet: the max wins when max < min (0.5 HC is no whole coin)', (a) => clampBet(a, broke), '5', '0'],
    ['halfBet halves', (a) => halfBet(a, hc), '50', '25'],
    ['halfBet of HC rounds down to a whole coin', (a) => halfBet(a, hc), '25', '12'],
    ['halfBet rounds down to a base unit', (a) => halfBet(a, amina), '0.00100001', '0.001'],
    ['halfBet never goes below min', (a) => halfBet(a, hc), '1', '1'],
    ['halfBet of AMINA min stays at min', (a) => halfBet(a, amina), '0.001', '0.001'],
    ['doubleBet doubles', (a) => doubleBet(a, hc), '25', '50'],
    ['doubleBet is clamped to max', (a) => doubleBet(a, hc), '200', '300'],
    ['doubleBet of AMINA is clamped to the AMINA max', (a) => doubleBet(a, amina), '0.3', '0.5'],
    ['maxBet is the max', () => maxBet(hc), '0', '300'],
    ['maxBet of AMINA is the lesser of limit and balance', () => maxBet(amina), '0', '0.5'],
    ['a quick bet above the max is clamped', (a) => clampBet(a, betRange('HC', ctx('0', '20'))), '25', '20'],
  ];
  it.each(cases)('%s', (_, fn, input, expected) => {
    expect(fn(u(input))).toBe(u(expected));
  });

  it('is exact where floats are not: 0.1 + 0.2 AMINA doubles to exactly 0.6', () => {
    expect(doubleBet(u('0.1') + u('0.2'), betRange('AMINA', RICH))).toBe(u('0.6'));
  });
});

describe('convertBet (switching currency)', () => {
  const cases: Array<[string, string, BetCurrency, BetCurrency, BetContext, string]> = [
    ['AMINA → HC multiplies by 1000', '0.025', 'AMINA', 'HC', RICH, '25'],
    ['AMINA → HC is at most 1000', '5', 'AMINA', 'HC', RICH, '1000'],
    ['AMINA → HC is at least 1', '0.0005', 'AMINA', 'HC', RICH, '1'],
    ['AMINA → HC rounds down to a whole coin', '0.0255', 'AMINA', 'HC', RICH, '25'],
    ['AMINA → HC 0.001 gives exactly 1', '0.001', 'AMINA', 'HC', RICH, '1'],
    ['AMINA → HC is then capped at the HC balance', '0.5', 'AMINA', 'HC', ctx('1', '40'), '40'],
    ['HC → AMINA multiplies by 0.001', '500', 'HC', 'AMINA', RICH, '0.5'],
    ['HC → AMINA is at least 0.001', '0.5', 'HC', 'AMINA', RICH, '0.001'],
    ['HC → AMINA 1 gives exactly 0.001', '1', 'HC', 'AMINA', RICH, '0.001'],
    ['HC → AMINA is capped at the server limit', '1000', 'HC', 'AMINA', ctx('100', '5000', '0.25'), '0.25'],
    ['HC → AMINA is capped at the AMINA balance', '800', 'HC', 'AMINA', ctx('0.3', '5000'), '0.3'],
    ['HC → AMINA rounds down to a base unit', '1.23456789', 'HC', 'AMINA', RICH, '0.00123456'],
    ['HC → AMINA keeps 8 decimals', '123.45678', 'HC', 'AMINA', RICH, '0.12345678'],
    ['same currency only clamps', '2000', 'HC', 'HC', RICH, '1000'],
  ];
  it.each(cases)('%s', (_, amount, from, to, c, expected) => {
    expect(convertBet(u(amount), from, to, c)).toBe(u(expected));
  });
});

describe('betProblem', () => {
  const c = ctx('0.5', '970', '1.0');
  const cases: Array<[string, string, BetCurrency, bigint, ReturnType<typeof betProblem>]> = [
    ['a bet in range is fine', '10', 'HC', 1n, null],
    ['the minimum is fine', '1', 'HC', 1n, null],
    ['the whole balance is fine', '970', 'HC', 1n, null],
    ['below the minimum', '0', 'HC', 1n, 'below-min'],
    ['HC with decimals is not whole coins', '10.5', 'HC', 1n, 'not-whole'],
    ['above the 1000 HC maximum', '1001', 'HC', 1n, 'above-max'],
    ['above the balance (issue 29 item 5: 1001 must not become 970)', '971', 'HC', 1n, 'insufficient'],
    ['a bought bonus stakes 100x: 10 HC needs 1000', '10', 'HC', 100n, 'insufficient'],
    ['a bought bonus of 9 HC fits 970', '9', 'HC', 100n, null],
    ['AMINA with 8 decimals is fine', '0.00100001', 'AMINA', 1n, null],
    ['AMINA above the server limit', '1.00000001', 'AMINA', 1n, 'above-max'],
    ['AMINA above the balance', '0.50000001', 'AMINA', 1n, 'insufficient'],
  ];
  it.each(cases)('%s', (_, amount, currency, times, expected) => {
    expect(betProblem(u(amount), currency, c, times)).toBe(expected);
  });

  it('no bet is possible when the balance is below the minimum', () => {
    expect(betProblem(u('1'), 'HC', ctx('0', '0.5'))).toBe('insufficient');
    expect(betProblem(u('0'), 'HC', ctx('0', '0.5'))).toBe('insufficient');
  });

  // before the player's record arrives the balances are placeholders (0 AMINA): a bet pressed then
  // goes to the server, which decides; the limits still apply
  it('a balance not yet known refuses nothing for the balance, only for the limits', () => {
    const loading = { ...ctx('0', '0'), balanceKnown: false };
    expect(betProblem(u('0.01'), 'AMINA', loading)).toBeNull();
    expect(betProblem(u('10'), 'HC', loading, 100n)).toBeNull();
    expect(betProblem(u('0'), 'HC', loading)).toBe('below-min');
    expect(betProblem(u('1001'), 'HC', loading)).toBe('above-max');
    expect(betProblem(u('1.00000001'), 'AMINA', loading)).toBe('above-max');
    expect(betRange('AMINA', loading).max).toBe(u('1.0'));
    expect(betRange('HC', loading).max).toBe(HC_MAX_BET);
    // once known, the same placeholders would refuse
    expect(betProblem(u('0.01'), 'AMINA', { ...loading, balanceKnown: true })).toBe('insufficient');
  });
});

describe('betProblemText', () => {
  const c = ctx('0.5', '12345.5', '1.0');
  it.each([
    ['insufficient', 'HC', c, 'Insufficient balance: your balance is 12,345.5 HC'],
    ['insufficient', 'HC', ctx('0', '0.5'), 'Insufficient balance: the minimum bet is 1 HC'],
    ['below-min', 'AMINA', c, 'Minimum bet is 0.001 AMINA'],
    ['above-max', 'HC', c, 'Maximum bet is 1,000 HC'],
    ['above-max', 'AMINA', c, 'Maximum bet is 1 AMINA'],
    ['not-whole', 'HC', c, 'House Coins bets are whole coins'],
  ] as const)('%s %s', (problem, currency, context, text) => {
    expect(betProblemText(problem, currency, context)).toBe(text);
  });
});

describe('formatMoney: money as every screen writes it (issue 40, item 9: one formatter)', () => {
  it.each([
    // amount (base units), currency, decimals, text
    [0n, 'HC', undefined, '0 HC'],
    [1000n * COIN, 'HC', undefined, '1,000 HC'],
    [1234567n * COIN, 'HC', undefined, '1,234,567 HC'],
    [150_000_000n, 'AMINA', undefined, '1.5 AMINA'],
    [123_456_789_012_345n, 'AMINA', undefined, '1,234,567.89012345 AMINA'],
    // the header's 3 places: cut, never rounded up
    [123_456_789n, 'AMINA', 3, '1.234 AMINA'],
    [0n, 'AMINA', 3, '0.000 AMINA'],
    // every base unit: the cashier and the proof of reserves
    [0n, 'AMINA', AMINA_EXACT_DECIMALS, '0.00000000 AMINA'],
    [1n, 'AMINA', AMINA_EXACT_DECIMALS, '0.00000001 AMINA'],
    [150_000_000n, 'AMINA', AMINA_EXACT_DECIMALS, '1.50000000 AMINA'],
    [123_456_789_012_345n, 'AMINA', AMINA_EXACT_DECIMALS, '1,234,567.89012345 AMINA'],
  ] as const)('%s %s to %s places: %j', (amount, currency, decimals, text) => {
    expect(formatMoney(amount, currency, decimals)).toBe(text);
  });

  it('AMINA_EXACT_DECIMALS is every base unit of a coin', () => {
    expect(10n ** BigInt(AMINA_EXACT_DECIMALS)).toBe(COIN);
  });
});
