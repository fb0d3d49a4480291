import { whenText } from './when-text';

// local times: the cases read the same in any time zone
const claimed = new Date(2026, 10, 28, 12, 8, 49);
const at = (day: number, h: number, m: number, s = 0) => new Date(2026, 10, day, h, m, s);

describe('whenText (issue 40 item 7: "Next allowance at 12:08:49 PM" read like now)', () => {
  it.each([
    ['24 h after a claim', at(29, 12, 8, 49), 'tomorrow at 12:08 PM', 'in 24 h'],
    ['a second after the claim', at(29, 12, 8, 48), 'tomorrow at 12:08 PM', 'in 23 h 59 min'],
    ['later today', at(28, 15, 30), 'today at 3:30 PM', 'in 3 h 21 min'],
    ['just after midnight', at(29, 0, 5), 'tomorrow at 12:05 AM', 'in 11 h 56 min'],
    ['in a few seconds', at(28, 12, 9, 10), 'today at 12:09 PM', 'in less than a minute'],
    ['in a minute and a half', at(28, 12, 10, 19), 'today at 12:10 PM', 'in 1 min'],
    ['in 42 minutes', at(28, 12, 50, 49), 'today at 12:50 PM', 'in 42 min'],
    ['in two days', at(30, 9, 0), 'Monday, Nov 30 at 9:00 AM', 'in 44 h 51 min'],
  ])('%s: %s, %s', (_case, next, day, wait) => {
    expect(whenText(next, claimed, 'en-US')).toEqual({ day, wait });
  });
});
