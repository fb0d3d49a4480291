// GET /api/live-bets and the stream's `bets` events: what the API sends and the web reads.

/** The live feed's tabs: every bet, high rollers (HC ≥ 100 or AMINA ≥ 1), the session's own. */
export type LiveTab = 'all' | 'high' | 'mine';

/** One committed bet as the live feed shows it (GET /api/live-bets, the stream's `bets` events). */
export interface LiveBet {
  id: string;
  game: string;
  /** The player's username, never the address. */
  username: string;
  time: string;
  currency: 'HC' | 'AMINA';
  amount: string;
  multiplier: string;
  payout: string;
  highRoller: boolean;
  mine: boolean;
  /** The verifier's fields; `serverSeed` is null until the pair is revealed. */
  verify: {
    nonce: number;
    clientSeed: string;
    serverSeedHash: string;
    serverSeed: string | null;
    params: Record<string, unknown>;
  };
}

/** The stream's `revealed` event: server seeds just revealed (their pairs rotated), so rows of those pairs become verifiable. */
export interface LiveReveal {
  serverSeedHash: string;
  serverSeed: string;
}
