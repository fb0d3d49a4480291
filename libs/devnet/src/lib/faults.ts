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
}

/** All faults off. */
export function noFaults(): DevnetFaults {
  return { failSends: false, acceptThenTimeout: false, hangMs: 0, down: false };
}

/** Applies a partial update from untrusted JSON; returns an error message or null. */
export function patchFaults(faults: DevnetFaults, patch: unknown): string | null {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return 'body must be a JSON object';
  const next = { ...faults };
  for (const [key, value] of Object.entries(patch)) {
    switch (key) {
      case 'failSends':
        if (value !== true && value !== false && value !== 500 && value !== 503) return 'failSends must be a boolean, 500 or 503';
        next.failSends = value;
        break;
      case 'acceptThenTimeout':
      case 'down':
        if (typeof value !== 'boolean') return `${key} must be a boolean`;
        next[key] = value;
        break;
      case 'hangMs':
        if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 600_000) {
          return 'hangMs must be an integer between 0 and 600000';
        }
        next.hangMs = value as number;
        break;
      default:
        return `unknown fault ${key}`;
    }
  }
  Object.assign(faults, next);
  return null;
}
