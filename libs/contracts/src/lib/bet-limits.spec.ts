import { AMINA_DECIMALS, formatAmount } from '@cosmic/algorand';
import { BASE_UNITS_PER_COIN } from '@cosmic/game-engine';
import { AMINA_MIN_BET, DAILY_ALLOWANCE_HC, HC_MAX_BET, HC_MIN_BET, STARTING_HC } from './bet-limits';

describe('bet limits', () => {
  it('one coin is 10^8 base units, the decimals of the AMINA asset on chain', () => {
    expect(BASE_UNITS_PER_COIN).toBe(100_000_000n);
    expect(BASE_UNITS_PER_COIN).toBe(10n ** BigInt(AMINA_DECIMALS));
  });

  it.each([
    ['HC_MIN_BET', HC_MIN_BET, '1'],
    ['HC_MAX_BET', HC_MAX_BET, '1000'],
    ['AMINA_MIN_BET', AMINA_MIN_BET, '0.001'],
    ['STARTING_HC', STARTING_HC, '1000'],
    ['DAILY_ALLOWANCE_HC', DAILY_ALLOWANCE_HC, '1000'],
  ])('%s is %s coins', (_name, units, coins) => {
    expect(formatAmount(units)).toBe(coins);
  });
});
