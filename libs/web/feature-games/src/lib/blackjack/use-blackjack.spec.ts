import { blackjackMessage, handLabel, totalLabel } from './use-blackjack';

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
    expect(blackjackMessage({ result: 'bust', dealerTotal: 10, gameOver: true, hands: [{ doubled: true }] }).text).toBe(
      'Bust! Dealer wins',
    );
  });

  it('says nothing while the hand is open', () => {
    expect(blackjackMessage({ result: null, dealerTotal: 10, gameOver: false }).text).toBe('');
    expect(blackjackMessage(null).text).toBe('');
  });

  it('shows soft totals', () => {
    expect(totalLabel(17, true)).toBe('Soft 17');
    expect(totalLabel(17, false)).toBe('17');
  });

  it.each([
    ['a dealer blackjack (A, K) shows Blackjack, not 21', ['A♠', 'K♥'], 21, false, false, 'Blackjack'],
    ['a three-card 21 is 21', ['7♠', '7♥', '7♦'], 21, false, false, '21'],
    ['a split hand of A, K is 21 (not a blackjack)', ['A♠', 'K♥'], 21, false, true, '21'],
    ['a two-card soft 18', ['A♠', '7♥'], 18, true, false, 'Soft 18'],
  ] as const)('%s', (_, cards, total, soft, split, label) => {
    expect(handLabel(cards, total, soft, split)).toBe(label);
  });
});
