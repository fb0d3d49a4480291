import { Type, type Static } from '@sinclair/typebox';

// The security dashboard's wire types (GET/POST /api/security/*), shared by the API that
// answers them and the web dashboard that shows them.

/** POST /api/security/session and /api/security/{name}/vault/session body. */
export const PasswordBodySchema = Type.Object(
  {
    password: Type.String({
      minLength: 1,
      maxLength: 256,
      // documentation only: the API registers the format as any string
      format: 'password',
      description: 'the dashboard (or vault) password; sent in the body only, never in a URL',
      errorMessage: 'password must be a string',
      minLengthMessage: 'password must be 1 to 256 characters',
      maxLengthMessage: 'password must be 1 to 256 characters',
    }),
  },
  { additionalProperties: false },
);
/** POST /api/security/session and /api/security/{name}/vault/session body. */
export type PasswordRequest = Static<typeof PasswordBodySchema>;

/** POST /api/security/emergency-domain-fix body. */
export const EmergencyFixBodySchema = Type.Object(
  {
    domain: Type.String({
      minLength: 1,
      maxLength: 300,
      example: 'https://mirror.example',
      description: 'an origin, or a host name (its http and https origins)',
      errorMessage: 'domain must be a string',
      minLengthMessage: 'domain must be 1 to 300 characters',
      maxLengthMessage: 'domain must be 1 to 300 characters',
    }),
  },
  { additionalProperties: false },
);
/** POST /api/security/emergency-domain-fix body. */
export type EmergencyFixRequest = Static<typeof EmergencyFixBodySchema>;

/** The four guard personas. */
export type PersonaName = 'sentinel' | 'warden' | 'auditor' | 'treasurer';
/** Every persona, in dashboard order. */
export const PERSONA_NAMES: readonly PersonaName[] = ['sentinel', 'warden', 'auditor', 'treasurer'];
/** A persona's verdict: all quiet, something to watch, or act now. */
export type PersonaStatus = 'SECURE' | 'WATCH' | 'ALERT';
/** The dashboard's overall verdict. */
export type SecurityStatus = 'SECURE' | 'ELEVATED' | 'ALERT' | 'LOCKDOWN';
/** How bad a finding is. */
export type Severity = 'low' | 'medium' | 'high' | 'critical';
/** Counts of findings by severity. */
export type SeverityCounts = Record<Severity, number>;

/** The vault refreshes every 5 minutes (spec §9). */
export const VAULT_REFRESH_MS = 300_000;

/** POST /api/security/session and /api/security/{name}/vault/session: a bearer token from a password exchange. */
export interface SecurityToken {
  token: string;
  scope: 'operator' | 'vault';
  expiresAt: string;
  expiresInSeconds: number;
}

/** One finding ("vulnerability" in the spec's dashboard). */
export interface SecurityFinding {
  id: string;
  type: string;
  severity: Severity;
  autoFixed: boolean;
  timestamp: string;
  location: string;
  details: string;
  riskScore: number;
  source: PersonaName;
  /** The action taken. */
  fixedCode: string;
}

/** The last minute of API traffic, second by second (oldest first). */
export interface RealTimeStats {
  windowSeconds: number;
  requestsPerSecond: number[];
  rejectedPerSecond: number[];
  rateLimitedPerSecond: number[];
  serverErrorsPerSecond: number[];
  avgLatencyMs: number[];
  maxLatencyMs: number[];
  currentRps: number;
  peakRps: number;
  requestsLastMinute: number;
  totals: { requests: number; rejected: number; rateLimited: number; serverErrors: number };
}

/** The incident switch's state, which every instance follows. */
export interface EmergencyState {
  aminaPaused: boolean;
  reason: string | null;
  since: string | null;
  blockedOrigins: string[];
}

/** GET /api/security/comprehensive. */
export interface ComprehensiveReport {
  generatedAt: string;
  stats: {
    status: SecurityStatus;
    reasons: string[];
    totalFindings: number;
    findingsLast15m: number;
    bySeverity: SeverityCounts;
    autoFixed: number;
    activeIssues: number;
    requests: number;
    rejected: number;
    rateLimited: number;
    serverErrors: number;
    offenders: number;
    uptimeSeconds: number;
  };
  realTimeStats: RealTimeStats;
  personas: Record<PersonaName, { status: PersonaStatus; headline: string; findings: number }>;
  emergency: EmergencyState;
}

/** What every persona's stats start with. */
export interface PersonaSummary {
  name: PersonaName;
  title: string;
  role: string;
  status: PersonaStatus;
  /** One line for the dashboard card. */
  headline: string;
  findings: number;
  findingsLast15m: number;
  lastFindingAt: string | null;
  /** Findings per minute over the last 30 minutes (oldest first). */
  findingsPerMinute: number[];
}

/** Sentinel's stats: rate limits, brute force, session abuse. */
export interface SentinelStats extends PersonaSummary {
  rateLimits: {
    perMinute: number;
    sessionExchangesPerMinute: number;
    limited: number;
    limitedSessionExchanges: number;
    limitedPerMinute: number[];
  };
  bruteForce: {
    failedLogins: number;
    successfulLogins: number;
    lockouts: number;
    globalLockouts: number;
    activeLockouts: number;
    lockoutAfter: number;
    lockoutMinutes: number;
    failedPerMinute: number[];
  };
  sessionAbuse: {
    missingSession: number;
    foreignWallet: number;
    badOperatorToken: number;
    expiredOperatorToken: number;
  };
}

/** Why warden counted a rejection. */
export type RejectionKind =
  | 'validation'
  | 'unknown-field'
  | 'malformed-body'
  | 'oversized-body'
  | 'unsupported-media'
  | 'unknown-route';
/** A recognisable attack shape in a rejected request. */
export type HostilePattern =
  | 'sql-injection'
  | 'script-injection'
  | 'path-traversal'
  | 'scanner-probe'
  | 'template-injection'
  | 'null-byte';

/** Warden's stats: rejected and hostile input. */
export interface WardenStats extends PersonaSummary {
  rejected: number;
  hostile: number;
  byKind: Record<RejectionKind, number>;
  byPattern: Partial<Record<HostilePattern, number>>;
  topRoutes: Array<{ route: string; rejected: number }>;
  rejectedPerSecond: number[];
  rejectedPerMinute: number[];
  lastRejection: { at: string; status: number; route: string; message: string } | null;
}

/** Auditor's stats: the last audit of ledger, RTPs and seeds. */
export interface AuditorStats extends PersonaSummary {
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

/** The treasury as counted from the database. */
export interface TreasuryCounts {
  at: string;
  deposits: { credited: number; creditedAmina: string; parked: number; last24h: number };
  /** Rounds the deposit watcher is behind the node (null: the node did not answer); the same figure as casino_deposit_watcher_lag_rounds. */
  depositWatcherLagRounds?: number | null;
  withdrawals: {
    confirmed: number;
    confirmedAmina: string;
    inFlight: number;
    inFlightAmina: string;
    refunded: number;
    stalled: number;
    last24h: number;
    paidAfterRefund: number;
  };
  playerLiabilitiesAmina: string;
  /** Refunded withdrawals whose transfer landed anyway (money paid twice), newest first, up to 20. */
  flaggedWithdrawals: FlaggedWithdrawal[];
}

/** A withdrawal reconciliation flagged: refunded, yet its transaction is on chain. */
export interface FlaggedWithdrawal {
  id: string;
  userId: string;
  amountAmina: string;
  toAddress: string;
  txId: string;
  paidRound: string | null;
  flaggedAt: string;
}

/** The treasurer's last look at the house. */
export interface ReconciliationReport {
  at: string;
  houseChainAmina: string;
  playerLiabilities: string;
  inFlightWithdrawals: string;
  /** House AMINA on chain minus what it owes players (and is already sending). */
  surplus: string;
  unknownOutgoing: string[];
  parkedDeposits: number;
  /** Txids of refunded withdrawals this run found on chain after all (flagged: paid twice). */
  paidAfterRefund?: string[];
}

/** Treasurer's stats: deposits, withdrawals, house vs liabilities. */
export interface TreasurerStats extends PersonaSummary {
  counts: TreasuryCounts | null;
  reconciliation: ReconciliationReport | null;
  /** House surplus (chain holding − liabilities − in flight), AMINA, one sample per refresh. */
  surplusHistory: number[];
  liabilitiesHistory: number[];
}

/** GET /api/security/{name}/stats: the common part plus that persona's own numbers. */
export type PersonaStats = SentinelStats | WardenStats | AuditorStats | TreasurerStats;

/** An address the guards saw misbehave, as the dashboard shows it. */
export interface OffenderView {
  ip: string;
  threat: 'low' | 'medium' | 'high';
  score: number;
  rejected: number;
  rateLimited: number;
  failedLogins: number;
  hostile: number;
  sessionAbuse: number;
  firstSeen: string;
  lastSeen: string;
  lastPath: string;
}

/** GET /api/security/hackers. */
export interface HackersReport {
  totalOffenders: number;
  activeLastMinute: number;
  activeLastHour: number;
  offenders: OffenderView[];
}

/** GET /api/security/real-time-vulnerabilities. */
export interface VulnerabilitiesReport {
  total: number;
  bySeverity: SeverityCounts;
  last15m: SeverityCounts;
  autoFixed: number;
  perMinute: number[];
  vulnerabilities: SecurityFinding[];
}

/** One check of the deployment's own configuration. `info`: not applicable to this environment. */
export interface DomainCheck {
  id:
    | 'cors-allow-list'
    | 'cookie-flags'
    | 'security-headers'
    | 'default-secrets'
    | 'https'
    | 'trusted-proxies'
    | 'shell-headers'
    | 'production-defaults';
  name: string;
  status: 'pass' | 'warn' | 'fail' | 'info';
  detail: string;
}

/** GET /api/security/domain/report. */
export interface DomainReport {
  status: 'SECURE' | 'WARNING' | 'AT_RISK' | 'PENDING';
  totalIssuesFixed: number;
  activeIssues: number;
  lastCheckup: string | null;
  nextCheckupAt: string | null;
  intervalSeconds: number;
  /** The API's NODE_ENV. */
  environment: string;
  checks: DomainCheck[];
  allowedOrigins: string[];
  removedOrigins: string[];
}

/** GET /api/security/dom: what the browser is allowed to do on our pages, read from the headers actually sent. */
export interface DomProtection {
  status: 'PROTECTED' | 'WEAKENED' | 'UNKNOWN';
  lastCheckup: string | null;
  csp: Record<string, string[]>;
  scriptOrigins: string[];
  /** Script origins that are neither this origin nor a configured remote. */
  thirdPartyScriptOrigins: string[];
  inlineScriptsAllowed: boolean;
  evalAllowed: boolean;
  framing: 'denied' | 'same-origin' | 'allowed';
  plugins: 'blocked' | 'allowed';
  headers: Record<string, string | null>;
  problems: string[];
}

/** One thing an operator or an attacker did at the security gates (a vault's activity log). */
export interface VaultActivity {
  at: string;
  persona: PersonaName;
  event: string;
  ip: string;
  detail: string;
}

/** One API instance's health, as the vault shows it. */
export interface VitalsSnapshot {
  instance: string;
  pid: number;
  nodeVersion: string;
  startedAt: string;
  uptimeSeconds: number;
  eventLoopDelayMs: { mean: number; p99: number; max: number };
  heapUsedMb: number;
  rssMb: number;
  loadAverage: number[];
  cpus: number;
}

/** GET /api/security/{name}/vault. */
export interface VaultLogs {
  persona: PersonaName;
  serverStatus: {
    status: 'online' | 'degraded' | 'lockdown';
    instance: string;
    environment: string;
    nodeVersion: string;
    startedAt: string;
    uptimeSeconds: number;
    jobsEnabled: boolean;
  };
  systemHealth: VitalsSnapshot & {
    personaStatus: PersonaStatus;
    lastAudit: { at: string; ok: boolean; durationMs: number } | null;
  };
  cryptoSecurity: {
    passwordHashes: { operator: string | null; vault: string | null };
    tokens: string;
    sessionSecret: string;
    seedIntegrity: { checked: number; mismatches: number; lastChecked: string | null };
    cookies: string;
  };
  recentActivity: VaultActivity[];
  hackerAttempts: { total: number; last15m: number; byType: Record<string, number>; topOffenders: OffenderView[] };
  protectedBy: string[];
  vaultRefreshCycle: number;
  lastUpdated: string;
}

/** POST /api/security/emergency-domain-fix. */
export interface EmergencyFixResult {
  domain: string;
  origins: string[];
  removedFromAllowList: string[];
  sessionsRevoked: number;
  aminaPaused: boolean;
  allowedOrigins: string[];
  /** One finding per step, in order. */
  steps: SecurityFinding[];
}

/** POST /api/security/resume-amina. */
export interface ResumeResult {
  aminaPaused: boolean;
  resumedAt: string;
  blockedOrigins: string[];
}
