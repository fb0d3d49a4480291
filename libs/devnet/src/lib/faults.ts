/** Switches that make the devnet misbehave on purpose, for tests of the API's failure paths. */
export interface DevnetFaults {
  /** POST /v2/transactions answers 503 (or the given status) and accepts nothing. */
  failSends: boolean | 500 | 503;
  /** POST /v2/transactions accepts the group into the ledger, then drops the connection unanswered. */
  acceptThenTimeout: boolean;
  /** With acceptThenTimeout: how long to hold the connection before dropping it, in ms. */
  hangMs: number;
  /** Every algod and indexer endpoint (admin excepted) drops its connection, like a node gone away. */
  down: boolean;
  /**
   * Accepted groups wait in a transaction pool (pending, confirmed round 0) instead of being
   * confirmed at once; the next block (advanceRounds, or a send with the pool off) confirms them,
   * or drops with a pool error those that no longer apply (e.g. past their lastValid).
   */
  pool: boolean;
  /**
   * POST /v2/transactions answers 400 "transaction pool have reached capacity". 'refuse': nothing
   * is accepted. 'accept': the group is accepted all the same (another node behind the same
   * address took it), so the client is told "refused" about a transaction that will land.
   */
  poolFull: false | 'refuse' | 'accept';
  /**
   * The indexer is this many rounds behind algod: transactions confirmed after (latest − lag) are
   * invisible to it, and its `current-round` and health round say so.
   */
  indexerLagRounds: number;
  /** GET /v2/transactions/pending/{txid} answers 404 for every transaction: a node behind a load balancer that never saw it. */
  pendingBlind: boolean;
  /**
   * Once: the next accepted send restarts the node — the connection drops unanswered, the pool is
   * lost, and every algod and indexer endpoint is down for this many ms. 0: off.
   */
  restartOnAcceptMs: number;
}

/** All faults off. */
export function noFaults(): DevnetFaults {
  return {
    failSends: false,
    acceptThenTimeout: false,
    hangMs: 0,
    down: false,
    pool: false,
    poolFull: false,
    indexerLagRounds: 0,
    pendingBlind: false,
    restartOnAcceptMs: 0,
  };
}

function boundedInt(value: unknown, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;
}

/** Applies a partial update from untrusted JSON; returns an error message or null. */
export function patchFaults(faults: DevnetFaults, patch: unknown): string | null {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return 'body must be a JSON object';
  const next = { ...faults };
  for (const [key, value] of Object.entries(patch)) {
    switch (key) {
      case 'failSends':
        if (value !== true && value !== false && value !== 500 && value !== 503)
          return 'failSends must be a boolean, 500 or 503';
        next.failSends = value;
        break;
      case 'acceptThenTimeout':
      case 'down':
      case 'pool':
      case 'pendingBlind':
        if (typeof value !== 'boolean') return `${key} must be a boolean`;
        next[key] = value;
        break;
      case 'poolFull':
        if (value !== false && value !== 'refuse' && value !== 'accept')
          return "poolFull must be false, 'refuse' or 'accept'";
        next.poolFull = value;
        break;
      case 'hangMs':
      case 'restartOnAcceptMs':
        if (!boundedInt(value, 600_000)) return `${key} must be an integer between 0 and 600000`;
        next[key] = value as number;
        break;
      case 'indexerLagRounds':
        if (!boundedInt(value, 100_000)) return 'indexerLagRounds must be an integer between 0 and 100000';
        next.indexerLagRounds = value as number;
        break;
      default:
        return `unknown fault ${key}`;
    }
  }
  Object.assign(faults, next);
  return null;
}
