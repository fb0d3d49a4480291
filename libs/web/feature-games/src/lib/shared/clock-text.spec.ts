import { clockText } from './clock-text';

describe('clockText', () => {
  // local times, whatever zone the test runs in
  const at = new Date(2026, 10, 30, 16, 5, 9);

  it('writes hours and minutes on a 24-hour clock, with seconds when asked', () => {
    expect(clockText(at)).toBe('16:05');
    expect(clockText(at, true)).toBe('16:05:09');
    expect(clockText(new Date(2026, 0, 1, 0, 0, 0), true)).toBe('00:00:00');
    expect(clockText(new Date(2026, 0, 1, 9, 30, 59))).toBe('09:30');
  });

  it('takes a timestamp or an ISO string as well as a Date', () => {
    expect(clockText(at.getTime())).toBe('16:05');
    expect(clockText(at.toISOString(), true)).toBe('16:05:09');
  });

  it('writes nothing for a time that is not one', () => {
    expect(clockText('not a time')).toBe('');
  });
});
