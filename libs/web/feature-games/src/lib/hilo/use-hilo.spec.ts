import { hiloMessage, percent, times } from './use-hilo';

describe('hi-lo display', () => {
  it('shows chance and multiplier', () => {
    expect(percent(0.4615)).toBe('46.2%');
    expect(percent(1)).toBe('100.0%');
    expect(times(1.8563)).toBe('1.86x');
  });

  it("uses the server's loss messages", () => {
    expect(
      hiloMessage({ gameOver: true, won: false, message: 'Equal cards! Game over', streak: 2, currency: 'HC' }).text,
    ).toBe('Equal cards! Game over');
    expect(hiloMessage({ gameOver: true, won: false, message: 'Wrong! Game over', streak: 0, currency: 'HC' })).toEqual(
      { text: 'Wrong! Game over', tone: 'lose' },
    );
    expect(hiloMessage({ gameOver: true, won: true, winAmount: '17.5', streak: 2, currency: 'HC' }).text).toBe(
      'Cashed out 17.5 HC!',
    );
  });
});
