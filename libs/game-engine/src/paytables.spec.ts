import { paytables } from './paytables';

describe('paytables', () => {
  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(paytables))).toEqual(paytables);
  });

  it('publishes the dice bets with exact RTPs', () => {
    expect(paytables.dice.bets).toEqual({
      low: { totals: [2, 3, 4, 5, 6], multiplier: 2, rtp: 5 / 6, rtpExact: '5/6' },
      seven: { totals: [7], multiplier: 4, rtp: 2 / 3, rtpExact: '2/3' },
      high: { totals: [8, 9, 10, 11, 12], multiplier: 2, rtp: 5 / 6, rtpExact: '5/6' },
    });
    expect(paytables.dice.maxMultiplier).toBe(4);
  });

  it('publishes the plinko tables with maxima 8 / 25 / 60', () => {
    expect(paytables.plinko.low).toEqual({
      multipliers: [8, 3, 2, 1.4, 1.1, 0.9, 0.6, 0.9, 1.1, 1.4, 2, 3, 8],
      rtp: 4037 / 4096,
      rtpExact: '4037/4096',
      maxMultiplier: 8,
    });
    expect(paytables.plinko.medium.rtpExact).toBe('2403/2560');
    expect(paytables.plinko.high).toEqual({
      multipliers: [60, 24, 7, 3, 0.6, 0.2, 0.2, 0.2, 0.6, 3, 7, 24, 60],
      rtp: 10089 / 10240,
      rtpExact: '10089/10240',
      maxMultiplier: 60,
    });
  });

  it('publishes hi-lo pricing and blackjack rules, RTP, CI and max win', () => {
    expect(paytables.hilo).toMatchObject({ edge: 0.01, rtpPerStep: 0.99, rtpPerStepExact: '99/100' });
    const bj = paytables.blackjack;
    expect(bj.ci[0]).toBeLessThan(bj.rtp);
    expect(bj.ci[1]).toBeGreaterThan(bj.rtp);
    expect(bj.rtp).toBeGreaterThan(0.99);
    expect(bj.maxWin).toMatchObject({ multiplier: 4, totalReturn: 8, totalStaked: 4 });
    expect(bj.rules).toContain('dealer stands on all 17s');
  });
});
