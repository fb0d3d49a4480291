import { GameEngineError } from '../errors';
import { sfc32 } from '../fair/prng';
import type { FloatTape } from '../fair/source';
import { fromJsonR, toNumber } from '../rational';
import { blackjackAct, blackjackDeal } from './engine';
import { basicStrategy } from './strategy';

/** A simulated RTP with its 95% confidence interval (mean ± 1.96·sd/√n). */
export interface RtpEstimate {
  hands: number;
  seed: number;
  /** Mean total return per base bet (1 + mean net result per round, in base bets). */
  rtp: number;
  /** Standard deviation of one round's net result, in base bets. */
  sd: number;
  ci: [number, number];
}

/**
 * Plays `hands` rounds of basic strategy on a seeded sfc32 stream through the real engine.
 * RTP is per initial base bet: (sum of returns − sum of stakes) / rounds + 1, so doubles and
 * splits count as part of one round's result, the usual way a blackjack house edge is quoted.
 */
export function simulateBlackjack(hands: number, seed: number): RtpEstimate {
  if (!Number.isSafeInteger(hands) || hands < 2)
    throw new GameEngineError(`hands must be an integer >= 2, got ${hands}`);
  const source = sfc32(seed);
  let expected = 0;
  // The engine reads floats strictly in order 0, 1, 2 … within a round, so a counter is enough.
  const tape: FloatTape = {
    at(index: number): number {
      if (index !== expected) throw new GameEngineError(`simulation tape read out of order: ${index}`);
      expected++;
      return source.next();
    },
  };
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < hands; i++) {
    expected = 0;
    let state = blackjackDeal(tape);
    for (let action = basicStrategy(state); action; action = basicStrategy(state)) {
      const r = blackjackAct(state, action, tape);
      if (!r.ok) throw new GameEngineError(`basic strategy chose an illegal action: ${r.error}`);
      state = r.state;
    }
    const net = toNumber(fromJsonR(state.totalReturn!)) - state.totalStaked;
    sum += net;
    sumSq += net * net;
  }
  const mean = sum / hands;
  const sd = Math.sqrt((sumSq - hands * mean * mean) / (hands - 1));
  const half = (1.96 * sd) / Math.sqrt(hands);
  return { hands, seed, rtp: 1 + mean, sd, ci: [1 + mean - half, 1 + mean + half] };
}
