/** One table's fixed settings. */
export interface TableConfig {
  id: string;
  name: string;
  smallBlind: number;
  bigBlind: number;
  /** Buy-in limits in whole HC. */
  minBuyIn: number;
  maxBuyIn: number;
  botsFill: boolean;
}

/** Timings and tables of the poker module (tests shorten the timings). */
export interface PokerOptions {
  tables: TableConfig[];
  /** A human's time to act before the table checks or folds for them. */
  turnMs: number;
  /** How long a bot "thinks" (varied ±40% per decision). */
  botDelayMs: number;
  /** Pause after a hand so everyone can see the result. */
  betweenHandsMs: number;
  /** Pause before the first hand once enough players sit. */
  firstHandDelayMs: number;
  /**
   * Tables and seats held by an instance carry a lease this long, renewed every leaseMs / 3; a
   * table whose owner stopped renewing is taken over by another instance when its lease runs out.
   */
  leaseMs: number;
  /** How long an instance waits for the owner of a table to answer a forwarded action. */
  forwardTimeoutMs: number;
  /** Monte-Carlo samples per postflop bot decision. */
  botSamples: number;
  /**
   * A seated player with no poker connection (no table page open on any instance) for this long is
   * cashed out: the chips go back as HC, as Cash Out would. Longer than two missed turns, so a
   * dropped connection that comes back keeps the seat.
   */
  awayMs: number;
}

/** Injection token of the options. */
export const POKER_OPTIONS = Symbol('POKER_OPTIONS');

/** The tables of the casino (each run by one instance at a time): two with bots in the empty seats, one for humans only. */
export const DEFAULT_TABLES: TableConfig[] = [
  { id: 'andromeda', name: 'Andromeda', smallBlind: 5, bigBlind: 10, minBuyIn: 2, maxBuyIn: 20, botsFill: true },
  { id: 'orion', name: 'Orion', smallBlind: 25, bigBlind: 50, minBuyIn: 10, maxBuyIn: 100, botsFill: true },
  { id: 'pulsar', name: 'Pulsar', smallBlind: 5, bigBlind: 10, minBuyIn: 2, maxBuyIn: 20, botsFill: false },
];

/** Production timings: 30 s to act, cashed out after 2 minutes away. */
export const DEFAULT_POKER_OPTIONS: PokerOptions = {
  tables: DEFAULT_TABLES,
  turnMs: 30_000,
  botDelayMs: 1_100,
  betweenHandsMs: 4_000,
  firstHandDelayMs: 1_500,
  leaseMs: 30_000,
  forwardTimeoutMs: 5_000,
  botSamples: 250,
  awayMs: 120_000,
};

/**
 * The poker options of this configuration: the casino's three tables, then (POKER_TABLES above 3)
 * bot-filled tables with Andromeda's stakes, and the bots' and between-hands timings.
 */
export function pokerOptions(config: {
  pokerTables: number;
  pokerBotDelayMs: number;
  pokerBetweenHandsMs: number;
}): PokerOptions {
  const more = Array.from({ length: Math.max(0, config.pokerTables - DEFAULT_TABLES.length) }, (_, i) => {
    const n = DEFAULT_TABLES.length + 1 + i;
    return { ...DEFAULT_TABLES[0], id: `nebula-${n}`, name: `Nebula ${n}` };
  });
  return {
    ...DEFAULT_POKER_OPTIONS,
    tables: [...DEFAULT_TABLES, ...more],
    botDelayMs: config.pokerBotDelayMs,
    betweenHandsMs: config.pokerBetweenHandsMs,
  };
}
