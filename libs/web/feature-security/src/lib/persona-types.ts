import type { PersonaStats } from '@cosmic/web-data-access';

/** Sentinel's own numbers (GET /api/security/sentinel/stats). */
export interface SentinelOwn {
  rateLimits: { perMinute: number; limited: number; limitedSessionExchanges: number; limitedPerMinute: number[] };
  bruteForce: { failedLogins: number; successfulLogins: number; lockouts: number; activeLockouts: number; lockoutAfter: number; lockoutMinutes: number; failedPerMinute: number[] };
  sessionAbuse: { missingSession: number; foreignWallet: number; badOperatorToken: number; expiredOperatorToken: number };
}

/** Warden's own numbers. */
export interface WardenOwn {
  rejected: number;
  hostile: number;
  byKind: Record<string, number>;
  byPattern: Record<string, number>;
  topRoutes: Array<{ route: string; rejected: number }>;
  rejectedPerMinute: number[];
}

/** Auditor's own numbers. */
export interface AuditorOwn {
  runs: number;
  intervalSeconds: number;
  lastRun: { at: string; durationMs: number; ranOnThisInstance: boolean } | null;
  activeIssues: number;
  checks: {
    ledger: { checked: number; mismatches: number; orphanLedgers: number };
    negativeBalances: number;
    rtp: { checked: number; mismatches: number };
    seeds: { checked: number; mismatches: number };
  };
}

/** Treasurer's own numbers. */
export interface TreasurerOwn {
  counts: {
    at: string;
    deposits: { credited: number; creditedAmina: string; parked: number; last24h: number };
    withdrawals: { confirmed: number; confirmedAmina: string; inFlight: number; inFlightAmina: string; refunded: number; stalled: number; last24h: number };
    playerLiabilitiesAmina: string;
  } | null;
  reconciliation: { at: string; houseChainAmina: string; playerLiabilities: string; inFlightWithdrawals: string; surplus: string; unknownOutgoing: string[]; parkedDeposits: number } | null;
  surplusHistory: number[];
  liabilitiesHistory: number[];
}

/** A persona's stats with its own part typed. */
export type StatsOf<T> = PersonaStats & T;
