import { DICE_BETS } from './use-dice';

describe('dice buttons (issue 38 item 5: read from the engine’s paytable)', () => {
  it('show low 2–6 at 2x, seven at 4x, high 8–12 at 2x, in that order', () => {
    expect(DICE_BETS).toEqual([
      { type: 'low', label: 'Low', range: '2–6', multiplier: 2 },
      { type: 'seven', label: 'Seven', range: '7', multiplier: 4 },
      { type: 'high', label: 'High', range: '8–12', multiplier: 2 },
    ]);
  });
});
