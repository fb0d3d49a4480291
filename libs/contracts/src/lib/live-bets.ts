import { Type, type Static } from '@sinclair/typebox';
import { CurrencySchema } from './users';

// GET /api/live-bets and the stream's `bets` events: what the API sends and the web reads.

/** The live feed's tabs: every bet, high rollers (HC ≥ 100 or AMINA ≥ 1), the session's own. */
export const LIVE_TABS = ['all', 'high', 'mine'] as const;
/** The live feed's tabs. */
export const LiveTabSchema = Type.Union(
  LIVE_TABS.map((t) => Type.Literal(t)),
  { errorMessage: `tab must be one of ${LIVE_TABS.join(', ')}` },
);
/** The live feed's tabs: every bet, high rollers (HC ≥ 100 or AMINA ≥ 1), the session's own. */
export type LiveTab = Static<typeof LiveTabSchema>;

/** GET /api/live-bets query: the tab (default all; 'mine' from the session cookie, empty without one). */
export const LiveBetsQuerySchema = Type.Object({ tab: Type.Optional(LiveTabSchema) });
/** GET /api/live-bets query. */
export type LiveBetsQuery = Static<typeof LiveBetsQuerySchema>;

/** One committed bet as the live feed shows it (GET /api/live-bets, the stream's `bets` events). */
export const LiveBetSchema = Type.Object({
  id: Type.String(),
  game: Type.String(),
  /** The player's username, never the address. */
  username: Type.String(),
  time: Type.String(),
  currency: CurrencySchema,
  amount: Type.String(),
  multiplier: Type.String(),
  payout: Type.String(),
  highRoller: Type.Boolean(),
  mine: Type.Boolean(),
  /** The verifier's fields; `serverSeed` is null until the pair is revealed. */
  verify: Type.Object({
    nonce: Type.Number(),
    clientSeed: Type.String(),
    serverSeedHash: Type.String(),
    serverSeed: Type.Union([Type.String(), Type.Null()]),
    /** The game engine's parameters of the bet, as stored (a blackjack hand's with its actions). */
    params: Type.Record(Type.String(), Type.Unknown()),
  }),
});
/** One committed bet as the live feed shows it. */
export type LiveBet = Static<typeof LiveBetSchema>;
/** GET /api/live-bets: the latest 20 bets of the tab, newest first. */
export const LiveBetsSchema = Type.Array(LiveBetSchema);

/** The stream's `revealed` event: server seeds just revealed (their pairs rotated), so rows of those pairs become verifiable. */
export interface LiveReveal {
  serverSeedHash: string;
  serverSeed: string;
}
