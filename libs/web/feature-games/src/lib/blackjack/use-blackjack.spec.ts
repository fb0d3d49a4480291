import { blackjackMessage, totalLabel } from './use-blackjack';

describe('blackjack messages', () => {
  it.each([
    ['blackjack', 20, 'BLACKJACK! You win!'],
    ['bust', 18, 'Bust! You lose'],
    ['push', 19, 'Push! Bet returned'],
    ['lose', 20, 'Dealer wins'],
    ['win', 18, 'You win!'],
    ['win', 24, 'Dealer busts! You win!'],
  ] as const)('%s with dealer %i says %s', (result, dealerTotal, text) => {
    expect(blackjackMessage({ result, dealerTotal, gameOver: true }).text).toBe(text);
  });

  it("a doubled hand that busts says 'Bust! Dealer wins'", () => {
    expect(blackjackMessage({ result: 'bust', dealerTotal: 10, gameOver: true, hands: [{ doubled: true }] }).text).toBe('Bust! Dealer wins');
  });

  it('says nothing while the hand is open', () => {
    expect(blackjackMessage({ result: null, dealerTotal: 10, gameOver: false }).text).toBe('');
    expect(blackjackMessage(null).text).toBe('');
  });

  it('shows soft totals', () => {
    expect(totalLabel(17, true)).toBe('Soft 17');
    expect(totalLabel(17, false)).toBe('17');
  });
});
