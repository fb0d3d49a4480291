import { formatTimeLeft, LIMIT_COOL_OFF_HOURS } from './responsible-gaming';

describe('formatTimeLeft', () => {
  it.each([
    [LIMIT_COOL_OFF_HOURS * 3_600_000, '24h 0m'],
    [LIMIT_COOL_OFF_HOURS * 3_600_000 - 60_000, '23h 59m'],
    // a part-minute counts as a minute: never "0h 0m" while the change is still waiting
    [LIMIT_COOL_OFF_HOURS * 3_600_000 - 1, '24h 0m'],
    [1, '0h 1m'],
    [90 * 60_000, '1h 30m'],
    [0, '0h 0m'],
    [-5_000, '0h 0m'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });
});
