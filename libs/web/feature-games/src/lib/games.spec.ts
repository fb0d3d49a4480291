import { paytables } from '@cosmic/game-engine';
import { MAX_WINS, maxWinsFrom } from './games';

describe('maxWinsFrom', () => {
  it('prints the published maximum of each shipped paytable', () => {
    const m = maxWinsFrom(paytables as never);
    expect(m.plinko).toBe('60x');
    expect(m.dice).toBe('4x');
    expect(m.blackjack).toBe('4x');
    expect(m.slots).toBe(`${paytables.slots!.maxWinCap}x`);
    expect(m.hilo).toBe('unlimited');
    expect(m.poker).toBe(MAX_WINS.poker);
  });

  it('falls back to the spec values while the paytables load', () => {
    expect(maxWinsFrom(undefined)).toEqual(MAX_WINS);
  });
});
