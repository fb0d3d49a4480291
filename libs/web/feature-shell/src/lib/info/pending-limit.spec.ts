import { pendingLimitText } from './pending-limit';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('pendingLimitText', () => {
  it.each([
    ['a raise, a minute in', { value: '50', effectiveAt: at(24 * 3_600_000 - 60_000) }, 'Raises to 50 HC in 23h 59m'],
    ['a raise, just asked', { value: '500', effectiveAt: at(24 * 3_600_000) }, 'Raises to 500 HC in 24h 0m'],
    ['a removal', { value: null, effectiveAt: at(2 * 3_600_000 + 5 * 60_000) }, 'Limit removed in 2h 5m'],
    ['a raise whose time has come', { value: '50', effectiveAt: at(0) }, 'Raises to 50 HC within a minute'],
    ['a removal whose time has passed', { value: null, effectiveAt: at(-30_000) }, 'Limit removed within a minute'],
  ])('%s', (_name, pending, text) => {
    expect(pendingLimitText(pending, 'HC', NOW)).toBe(text);
  });
});
