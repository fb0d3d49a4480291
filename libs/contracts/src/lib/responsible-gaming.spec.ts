import { formatNet, formatSessionTime, formatTimeLeft, LIMIT_COOL_OFF_HOURS } from './responsible-gaming-rules';

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

describe('formatSessionTime', () => {
  it.each([
    [0, '0s'],
    [45.9, '45s'],
    [60, '1m 00s'],
    [725, '12m 05s'],
    [3599, '59m 59s'],
    [3600, '1h 00m'],
    [3720, '1h 02m'],
    [-5, '0s'],
  ])('%p seconds -> %p', (seconds, text) => {
    expect(formatSessionTime(seconds)).toBe(text);
  });
});

describe('formatNet', () => {
  it.each([
    ['0', 'HC', '0 HC'],
    ['25', 'HC', '+25 HC'],
    ['-1250', 'HC', '−1,250 HC'],
    ['-0.5', 'AMINA', '−0.5 AMINA'],
    ['1234567.25', 'AMINA', '+1,234,567.25 AMINA'],
  ])('%p %s -> %p', (net, currency, text) => {
    expect(formatNet(net, currency)).toBe(text);
  });
});
