import { Type, type Static } from '@sinclair/typebox';
import type { Paytables } from '@cosmic/game-engine';
import type { SameType } from './same-type';

// GET /api/fairness/paytables: every paytable and its exact RTP, as the game engine publishes them.
// The type is the engine's (Paytables); this schema is what fast-json-stringify writes and the
// OpenAPI answer, checked at compile time to be exactly that type.

const numbers = Type.Array(Type.Number());
const interval = Type.Tuple([Type.Number(), Type.Number()]);

const diceEntry = Type.Object({
  totals: numbers,
  multiplier: Type.Number(),
  rtp: Type.Number(),
  rtpExact: Type.String({ description: 'the exact RTP as a fraction "num/den"' }),
});
const plinkoEntry = Type.Object({
  multipliers: numbers,
  rtp: Type.Number(),
  rtpExact: Type.String({ description: 'the exact RTP as a fraction "num/den"' }),
  maxMultiplier: Type.Number(),
});

/** GET /api/fairness/paytables: dice, plinko, hi-lo, blackjack and slots as published (numbers; exact fractions as "num/den"). */
export const PaytablesSchema = Type.Object({
  dice: Type.Object({
    bets: Type.Record(Type.Union([Type.Literal('low'), Type.Literal('seven'), Type.Literal('high')]), diceEntry),
    maxMultiplier: Type.Number(),
  }),
  plinko: Type.Intersect([
    Type.Object({ rows: Type.Number(), probabilities: Type.String() }),
    Type.Record(Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]), plinkoEntry),
  ]),
  hilo: Type.Object({
    edge: Type.Number(),
    rtpPerStep: Type.Number(),
    rtpPerStepExact: Type.String(),
    rule: Type.String(),
  }),
  blackjack: Type.Object({
    rules: Type.Array(Type.String()),
    rtp: Type.Number(),
    ci: interval,
    method: Type.String(),
    computedRtp: Type.Number(),
    maxWin: Type.Object({
      multiplier: Type.Number(),
      totalReturn: Type.Number(),
      totalStaked: Type.Number(),
      explanation: Type.String(),
    }),
  }),
  slots: Type.Object({
    rtp: Type.Number(),
    rtpCi: interval,
    bonusBuyRtp: Type.Number(),
    bonusBuyRtpCi: interval,
    hitRate: Type.Number(),
    maxWin: Type.Number(),
    maxWinCap: Type.Number(),
    maxRoundWin: Type.Number(),
    freeSpinFrequency: Type.Number(),
    method: Type.String(),
    rules: Type.Array(Type.String()),
    symbols: Type.Array(
      Type.Object({
        id: Type.String(),
        emoji: Type.String(),
        name: Type.String(),
        weight: Type.Number(),
        freeSpinWeight: Type.Number(),
        scatter: Type.Boolean(),
      }),
    ),
    /** Per paying symbol id: its pay bands by cluster size, 5..25. */
    pays: Type.Record(
      Type.String(),
      Type.Array(Type.Object({ min: Type.Number(), max: Type.Number(), multiplier: Type.Number() })),
    ),
    freeSpins: Type.Object({
      awards: Type.Array(Type.Object({ scatters: Type.Number(), orMore: Type.Boolean(), spins: Type.Number() })),
      retrigger: Type.Boolean(),
    }),
    freeSpinMultiplier: Type.Number(),
    bonusBuyCost: Type.Number(),
    bonusBuySpins: Type.Number(),
  }),
});
// a compile error when the engine's paytables and this schema part ways
const paytablesAreTheEngines: SameType<Static<typeof PaytablesSchema>, Paytables> = true;
void paytablesAreTheEngines;
