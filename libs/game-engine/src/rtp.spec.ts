import { blackjackComputedRtp } from './blackjack/exact';
import { simulateBlackjack } from './blackjack/simulate';
import { formatR } from './rational';
import { BLACKJACK_COMPUTED_RTP, BLACKJACK_RTP, blackjackRtp, diceRtp, hiloRtpPerStep, plinkoRtp } from './rtp';

describe('exact RTP', () => {
  // Dice: 15 of 36 rolls are low/high, 6 are seven.
  it.each([
    ['low', '5/6'],
    ['seven', '2/3'],
    ['high', '5/6'],
  ] as const)('dice %s = %s', (bet, rtp) => expect(formatR(diceRtp(bet).exact)).toBe(rtp));

  // Plinko: Σ C(12,k)·m_k / 4096. medium: (2·1830 + 0.2·924)/4096 = 3844.8/4096.
  it.each([
    ['low', '4037/4096', 0.985595703125],
    ['medium', '2403/2560', 0.938671875],
    ['high', '10089/10240', 0.98525390625],
  ] as const)('plinko %s = %s', (risk, rtp, value) => {
    const r = plinkoRtp(risk);
    expect(formatR(r.exact)).toBe(rtp);
    expect(r.value).toBe(value);
  });

  it('plinko low and high are within 97–99%', () => {
    for (const risk of ['low', 'high'] as const) {
      expect(plinkoRtp(risk).value).toBeGreaterThan(0.97);
      expect(plinkoRtp(risk).value).toBeLessThan(0.99);
    }
  });

  it('hi-lo returns exactly 99% per guess', () => {
    expect(formatR(hiloRtpPerStep().exact)).toBe('99/100');
  });
});

describe('blackjack RTP', () => {
  it('the recorded long run is consistent and its CI contains the recursion value', () => {
    expect(BLACKJACK_RTP.hands).toBeGreaterThanOrEqual(5_000_000);
    expect(BLACKJACK_RTP.ci[0]).toBeLessThan(BLACKJACK_COMPUTED_RTP);
    expect(BLACKJACK_RTP.ci[1]).toBeGreaterThan(BLACKJACK_COMPUTED_RTP);
    const half = (1.96 * BLACKJACK_RTP.sd) / Math.sqrt(BLACKJACK_RTP.hands);
    expect(BLACKJACK_RTP.ci[0]).toBeCloseTo(BLACKJACK_RTP.rtp - half, 12);
    expect(blackjackRtp()).toBe(BLACKJACK_RTP);
  });

  it('the recursion reproduces the recorded value and lands in the expected range', () => {
    const rtp = blackjackComputedRtp();
    expect(rtp).toBeCloseTo(BLACKJACK_COMPUTED_RTP, 12);
    expect(rtp).toBeGreaterThan(0.994);
    expect(rtp).toBeLessThan(0.996);
  });

  it('a 200k-round seeded simulation has a 95% CI containing the known value', () => {
    const run = simulateBlackjack(200_000, 7);
    expect(run.ci[0]).toBeLessThan(BLACKJACK_COMPUTED_RTP);
    expect(run.ci[1]).toBeGreaterThan(BLACKJACK_COMPUTED_RTP);
    expect(run.sd).toBeGreaterThan(1.1);
    expect(run.sd).toBeLessThan(1.2);
    expect(simulateBlackjack(1000, 7)).toEqual(simulateBlackjack(1000, 7));
  });
});
