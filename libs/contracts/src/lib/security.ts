import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { SameType } from './same-type';

// The security dashboard's wire types (GET/POST /api/security/*), shared by the API that
// answers them and the web dashboard that shows them. Each answer's schema is what
// fast-json-stringify writes (only these fields are sent) and the OpenAPI answer.

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

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const numbers = Type.Array(Type.Number());

// a union that keys a record is written out (a mapped list of literals gives Type.Record no keys to see)

/** Every persona, in dashboard order. */
export const PERSONA_NAMES = ['sentinel', 'warden', 'auditor', 'treasurer'] as const;
/** The four guard personas. */
export const PersonaNameSchema = Type.Union([
  Type.Literal('sentinel'),
  Type.Literal('warden'),
  Type.Literal('auditor'),
  Type.Literal('treasurer'),
]);
/** The four guard personas. */
export type PersonaName = Static<typeof PersonaNameSchema>;
// the list names every persona and nothing else (a compile error otherwise)
const everyPersona: SameType<(typeof PERSONA_NAMES)[number], PersonaName> = true;
void everyPersona;
/** A persona's verdict: all quiet, something to watch, or act now. */
export const PersonaStatusSchema = literals(['SECURE', 'WATCH', 'ALERT'] as const);
/** A persona's verdict: all quiet, something to watch, or act now. */
export type PersonaStatus = Static<typeof PersonaStatusSchema>;
/** The dashboard's overall verdict. */
export const SecurityStatusSchema = literals(['SECURE', 'ELEVATED', 'ALERT', 'LOCKDOWN'] as const);
/** The dashboard's overall verdict. */
export type SecurityStatus = Static<typeof SecurityStatusSchema>;
/** How bad a finding is. */
export const SeveritySchema = Type.Union([
  Type.Literal('low'),
  Type.Literal('medium'),
  Type.Literal('high'),
  Type.Literal('critical'),
]);
/** How bad a finding is. */
export type Severity = Static<typeof SeveritySchema>;
/** Counts of findings by severity. */
export const SeverityCountsSchema = Type.Record(SeveritySchema, Type.Number());
/** Counts of findings by severity. */
export type SeverityCounts = Static<typeof SeverityCountsSchema>;

/** The vault refreshes every 5 minutes. */
export const VAULT_REFRESH_MS = 300_000;

/** POST /api/security/session and /api/security/{name}/vault/session: a bearer token from a password exchange. */
export const SecurityTokenSchema = Type.Object({
  token: Type.String(),
  scope: literals(['operator', 'vault'] as const),
  expiresAt: Type.String(),
  expiresInSeconds: Type.Number(),
});
/** A bearer token from a password exchange. */
export type SecurityToken = Static<typeof SecurityTokenSchema>;

/** One finding ("vulnerability" in the spec's dashboard). */
export const SecurityFindingSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  severity: SeveritySchema,
  autoFixed: Type.Boolean(),
  timestamp: Type.String(),
  location: Type.String(),
  details: Type.String(),
  riskScore: Type.Number(),
  source: PersonaNameSchema,
  /** The action taken. */
  fixedCode: Type.String(),
});
/** One finding ("vulnerability" in the spec's dashboard). */
export type SecurityFinding = Static<typeof SecurityFindingSchema>;

/** The last minute of API traffic, second by second (oldest first). */
export const RealTimeStatsSchema = Type.Object({
  windowSeconds: Type.Number(),
  requestsPerSecond: numbers,
  rejectedPerSecond: numbers,
  rateLimitedPerSecond: numbers,
  serverErrorsPerSecond: numbers,
  avgLatencyMs: numbers,
  maxLatencyMs: numbers,
  currentRps: Type.Number(),
  peakRps: Type.Number(),
  requestsLastMinute: Type.Number(),
  totals: Type.Object({
    requests: Type.Number(),
    rejected: Type.Number(),
    rateLimited: Type.Number(),
    serverErrors: Type.Number(),
  }),
});
/** The last minute of API traffic, second by second (oldest first). */
export type RealTimeStats = Static<typeof RealTimeStatsSchema>;

/** The incident switch's state, which every instance follows. */
export const EmergencyStateSchema = Type.Object({
  aminaPaused: Type.Boolean(),
  reason: nullable(Type.String()),
  since: nullable(Type.String()),
  blockedOrigins: Type.Array(Type.String()),
});
/** The incident switch's state, which every instance follows. */
export type EmergencyState = Static<typeof EmergencyStateSchema>;

/** GET /api/security/comprehensive. */
export const ComprehensiveReportSchema = Type.Object({
  generatedAt: Type.String(),
  stats: Type.Object({
    status: SecurityStatusSchema,
    reasons: Type.Array(Type.String()),
    totalFindings: Type.Number(),
    findingsLast15m: Type.Number(),
    bySeverity: SeverityCountsSchema,
    autoFixed: Type.Number(),
    activeIssues: Type.Number(),
    requests: Type.Number(),
    rejected: Type.Number(),
    rateLimited: Type.Number(),
    serverErrors: Type.Number(),
    offenders: Type.Number(),
    uptimeSeconds: Type.Number(),
  }),
  realTimeStats: RealTimeStatsSchema,
  personas: Type.Record(
    PersonaNameSchema,
    Type.Object({ status: PersonaStatusSchema, headline: Type.String(), findings: Type.Number() }),
  ),
  emergency: EmergencyStateSchema,
});
/** GET /api/security/comprehensive. */
export type ComprehensiveReport = Static<typeof ComprehensiveReportSchema>;

// what every persona's stats start with
const personaSummary = {
  name: PersonaNameSchema,
  title: Type.String(),
  role: Type.String(),
  status: PersonaStatusSchema,
  /** One line for the dashboard card. */
  headline: Type.String(),
  findings: Type.Number(),
  findingsLast15m: Type.Number(),
  lastFindingAt: nullable(Type.String()),
  /** Findings per minute over the last 30 minutes (oldest first). */
  findingsPerMinute: numbers,
};
/** What every persona's stats start with. */
export const PersonaSummarySchema = Type.Object(personaSummary);
/** What every persona's stats start with. */
export type PersonaSummary = Static<typeof PersonaSummarySchema>;

/** Sentinel's stats: rate limits, brute force, session abuse. */
export const SentinelStatsSchema = Type.Object({
  ...personaSummary,
  rateLimits: Type.Object({
    perMinute: Type.Number(),
    sessionExchangesPerMinute: Type.Number(),
    limited: Type.Number(),
    limitedSessionExchanges: Type.Number(),
    limitedPerMinute: numbers,
  }),
  bruteForce: Type.Object({
    failedLogins: Type.Number(),
    successfulLogins: Type.Number(),
    lockouts: Type.Number(),
    globalLockouts: Type.Number(),
    activeLockouts: Type.Number(),
    lockoutAfter: Type.Number(),
    lockoutMinutes: Type.Number(),
    failedPerMinute: numbers,
  }),
  sessionAbuse: Type.Object({
    missingSession: Type.Number(),
    foreignWallet: Type.Number(),
    badOperatorToken: Type.Number(),
    expiredOperatorToken: Type.Number(),
  }),
});
/** Sentinel's stats: rate limits, brute force, session abuse. */
export type SentinelStats = Static<typeof SentinelStatsSchema>;

/** Why warden counted a rejection. */
export const RejectionKindSchema = Type.Union([
  Type.Literal('validation'),
  Type.Literal('unknown-field'),
  Type.Literal('malformed-body'),
  Type.Literal('oversized-body'),
  Type.Literal('unsupported-media'),
  Type.Literal('unknown-route'),
]);
/** Why warden counted a rejection. */
export type RejectionKind = Static<typeof RejectionKindSchema>;
/** A recognisable attack shape in a rejected request. */
export const HostilePatternSchema = Type.Union([
  Type.Literal('sql-injection'),
  Type.Literal('script-injection'),
  Type.Literal('path-traversal'),
  Type.Literal('scanner-probe'),
  Type.Literal('template-injection'),
  Type.Literal('null-byte'),
]);
/** A recognisable attack shape in a rejected request. */
export type HostilePattern = Static<typeof HostilePatternSchema>;

/** Warden's stats: rejected and hostile input. */
export const WardenStatsSchema = Type.Object({
  ...personaSummary,
  rejected: Type.Number(),
  hostile: Type.Number(),
  byKind: Type.Record(RejectionKindSchema, Type.Number()),
  byPattern: Type.Partial(Type.Record(HostilePatternSchema, Type.Number())),
  topRoutes: Type.Array(Type.Object({ route: Type.String(), rejected: Type.Number() })),
  rejectedPerSecond: numbers,
  rejectedPerMinute: numbers,
  lastRejection: nullable(
    Type.Object({ at: Type.String(), status: Type.Number(), route: Type.String(), message: Type.String() }),
  ),
});
/** Warden's stats: rejected and hostile input. */
export type WardenStats = Static<typeof WardenStatsSchema>;

const checked = Type.Object({ checked: Type.Number(), mismatches: Type.Number() });

/** Auditor's stats: the last audit of ledger, RTPs and seeds. */
export const AuditorStatsSchema = Type.Object({
  ...personaSummary,
  runs: Type.Number(),
  intervalSeconds: Type.Number(),
  lastRun: nullable(Type.Object({ at: Type.String(), durationMs: Type.Number(), ranOnThisInstance: Type.Boolean() })),
  activeIssues: Type.Number(),
  checks: Type.Object({
    ledger: Type.Object({ checked: Type.Number(), mismatches: Type.Number(), orphanLedgers: Type.Number() }),
    negativeBalances: Type.Number(),
    rtp: checked,
    seeds: checked,
  }),
});
/** Auditor's stats: the last audit of ledger, RTPs and seeds. */
export type AuditorStats = Static<typeof AuditorStatsSchema>;

/** A withdrawal reconciliation flagged: refunded, yet its transaction is on chain. */
export const FlaggedWithdrawalSchema = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  amountAmina: Type.String(),
  toAddress: Type.String(),
  txId: Type.String(),
  paidRound: nullable(Type.String()),
  flaggedAt: Type.String(),
});
/** A withdrawal reconciliation flagged: refunded, yet its transaction is on chain. */
export type FlaggedWithdrawal = Static<typeof FlaggedWithdrawalSchema>;

/** The treasury as counted from the database. */
export const TreasuryCountsSchema = Type.Object({
  at: Type.String(),
  deposits: Type.Object({
    credited: Type.Number(),
    creditedAmina: Type.String(),
    parked: Type.Number(),
    last24h: Type.Number(),
  }),
  /** Rounds the deposit watcher is behind the node (null: the node did not answer); the same figure as casino_deposit_watcher_lag_rounds. */
  depositWatcherLagRounds: Type.Optional(nullable(Type.Number())),
  withdrawals: Type.Object({
    confirmed: Type.Number(),
    confirmedAmina: Type.String(),
    inFlight: Type.Number(),
    inFlightAmina: Type.String(),
    refunded: Type.Number(),
    stalled: Type.Number(),
    last24h: Type.Number(),
    paidAfterRefund: Type.Number(),
  }),
  playerLiabilitiesAmina: Type.String(),
  /** Refunded withdrawals whose transfer landed anyway (money paid twice), newest first, up to 20. */
  flaggedWithdrawals: Type.Array(FlaggedWithdrawalSchema),
});
/** The treasury as counted from the database. */
export type TreasuryCounts = Static<typeof TreasuryCountsSchema>;

/** The treasurer's last look at the house. */
export const ReconciliationReportSchema = Type.Object({
  at: Type.String(),
  houseChainAmina: Type.String(),
  playerLiabilities: Type.String(),
  inFlightWithdrawals: Type.String(),
  /** House AMINA on chain minus what it owes players (and is already sending). */
  surplus: Type.String(),
  unknownOutgoing: Type.Array(Type.String()),
  parkedDeposits: Type.Number(),
  /** Txids of refunded withdrawals this run found on chain after all (flagged: paid twice). */
  paidAfterRefund: Type.Optional(Type.Array(Type.String())),
});
/** The treasurer's last look at the house. */
export type ReconciliationReport = Static<typeof ReconciliationReportSchema>;

/** Treasurer's stats: deposits, withdrawals, house vs liabilities. */
export const TreasurerStatsSchema = Type.Object({
  ...personaSummary,
  counts: nullable(TreasuryCountsSchema),
  reconciliation: nullable(ReconciliationReportSchema),
  /** House surplus (chain holding − liabilities − in flight), AMINA, one sample per refresh. */
  surplusHistory: numbers,
  liabilitiesHistory: numbers,
});
/** Treasurer's stats: deposits, withdrawals, house vs liabilities. */
export type TreasurerStats = Static<typeof TreasurerStatsSchema>;

/**
 * GET /api/security/{name}/stats: the common part plus that persona's own numbers (each branch's
 * own fields are required, so the serializer picks the persona's branch).
 */
export const PersonaStatsSchema = Type.Union([
  SentinelStatsSchema,
  WardenStatsSchema,
  AuditorStatsSchema,
  TreasurerStatsSchema,
]);
/** GET /api/security/{name}/stats: the common part plus that persona's own numbers. */
export type PersonaStats = Static<typeof PersonaStatsSchema>;

/** An address the guards saw misbehave, as the dashboard shows it. */
export const OffenderViewSchema = Type.Object({
  ip: Type.String(),
  threat: literals(['low', 'medium', 'high'] as const),
  score: Type.Number(),
  rejected: Type.Number(),
  rateLimited: Type.Number(),
  failedLogins: Type.Number(),
  hostile: Type.Number(),
  sessionAbuse: Type.Number(),
  firstSeen: Type.String(),
  lastSeen: Type.String(),
  lastPath: Type.String(),
});
/** An address the guards saw misbehave, as the dashboard shows it. */
export type OffenderView = Static<typeof OffenderViewSchema>;

/** GET /api/security/hackers. */
export const HackersReportSchema = Type.Object({
  totalOffenders: Type.Number(),
  activeLastMinute: Type.Number(),
  activeLastHour: Type.Number(),
  offenders: Type.Array(OffenderViewSchema),
});
/** GET /api/security/hackers. */
export type HackersReport = Static<typeof HackersReportSchema>;

/** GET /api/security/real-time-vulnerabilities. */
export const VulnerabilitiesReportSchema = Type.Object({
  total: Type.Number(),
  bySeverity: SeverityCountsSchema,
  last15m: SeverityCountsSchema,
  autoFixed: Type.Number(),
  perMinute: numbers,
  vulnerabilities: Type.Array(SecurityFindingSchema),
});
/** GET /api/security/real-time-vulnerabilities. */
export type VulnerabilitiesReport = Static<typeof VulnerabilitiesReportSchema>;

/** One check of the deployment's own configuration. `info`: not applicable to this environment. */
export const DomainCheckSchema = Type.Object({
  id: literals([
    'cors-allow-list',
    'cookie-flags',
    'security-headers',
    'default-secrets',
    'https',
    'trusted-proxies',
    'shell-headers',
    'production-defaults',
  ] as const),
  name: Type.String(),
  status: literals(['pass', 'warn', 'fail', 'info'] as const),
  detail: Type.String(),
});
/** One check of the deployment's own configuration. */
export type DomainCheck = Static<typeof DomainCheckSchema>;

/** GET /api/security/domain/report. */
export const DomainReportSchema = Type.Object({
  status: literals(['SECURE', 'WARNING', 'AT_RISK', 'PENDING'] as const),
  totalIssuesFixed: Type.Number(),
  activeIssues: Type.Number(),
  lastCheckup: nullable(Type.String()),
  nextCheckupAt: nullable(Type.String()),
  intervalSeconds: Type.Number(),
  /** The API's NODE_ENV. */
  environment: Type.String(),
  checks: Type.Array(DomainCheckSchema),
  allowedOrigins: Type.Array(Type.String()),
  removedOrigins: Type.Array(Type.String()),
});
/** GET /api/security/domain/report. */
export type DomainReport = Static<typeof DomainReportSchema>;

/** GET /api/security/dom: what the browser is allowed to do on our pages, read from the headers actually sent. */
export const DomProtectionSchema = Type.Object({
  status: literals(['PROTECTED', 'WEAKENED', 'UNKNOWN'] as const),
  lastCheckup: nullable(Type.String()),
  csp: Type.Record(Type.String(), Type.Array(Type.String())),
  scriptOrigins: Type.Array(Type.String()),
  /** Script origins that are neither this origin nor a configured remote. */
  thirdPartyScriptOrigins: Type.Array(Type.String()),
  inlineScriptsAllowed: Type.Boolean(),
  evalAllowed: Type.Boolean(),
  framing: literals(['denied', 'same-origin', 'allowed'] as const),
  plugins: literals(['blocked', 'allowed'] as const),
  headers: Type.Record(Type.String(), nullable(Type.String())),
  problems: Type.Array(Type.String()),
});
/** GET /api/security/dom. */
export type DomProtection = Static<typeof DomProtectionSchema>;

/** One thing an operator or an attacker did at the security gates (a vault's activity log). */
export const VaultActivitySchema = Type.Object({
  at: Type.String(),
  persona: PersonaNameSchema,
  event: Type.String(),
  ip: Type.String(),
  detail: Type.String(),
});
/** One thing an operator or an attacker did at the security gates. */
export type VaultActivity = Static<typeof VaultActivitySchema>;

const vitals = {
  instance: Type.String(),
  pid: Type.Number(),
  nodeVersion: Type.String(),
  startedAt: Type.String(),
  uptimeSeconds: Type.Number(),
  eventLoopDelayMs: Type.Object({ mean: Type.Number(), p99: Type.Number(), max: Type.Number() }),
  heapUsedMb: Type.Number(),
  rssMb: Type.Number(),
  loadAverage: numbers,
  cpus: Type.Number(),
};
/** One API instance's health, as the vault shows it. */
export const VitalsSnapshotSchema = Type.Object(vitals);
/** One API instance's health, as the vault shows it. */
export type VitalsSnapshot = Static<typeof VitalsSnapshotSchema>;

/** GET /api/security/{name}/vault. */
export const VaultLogsSchema = Type.Object({
  persona: PersonaNameSchema,
  serverStatus: Type.Object({
    status: literals(['online', 'degraded', 'lockdown'] as const),
    instance: Type.String(),
    environment: Type.String(),
    nodeVersion: Type.String(),
    startedAt: Type.String(),
    uptimeSeconds: Type.Number(),
    jobsEnabled: Type.Boolean(),
  }),
  systemHealth: Type.Object({
    ...vitals,
    personaStatus: PersonaStatusSchema,
    lastAudit: nullable(Type.Object({ at: Type.String(), ok: Type.Boolean(), durationMs: Type.Number() })),
  }),
  cryptoSecurity: Type.Object({
    passwordHashes: Type.Object({ operator: nullable(Type.String()), vault: nullable(Type.String()) }),
    tokens: Type.String(),
    sessionSecret: Type.String(),
    seedIntegrity: Type.Object({
      checked: Type.Number(),
      mismatches: Type.Number(),
      lastChecked: nullable(Type.String()),
    }),
    cookies: Type.String(),
  }),
  recentActivity: Type.Array(VaultActivitySchema),
  hackerAttempts: Type.Object({
    total: Type.Number(),
    last15m: Type.Number(),
    byType: Type.Record(Type.String(), Type.Number()),
    topOffenders: Type.Array(OffenderViewSchema),
  }),
  protectedBy: Type.Array(Type.String()),
  vaultRefreshCycle: Type.Number(),
  lastUpdated: Type.String(),
});
/** GET /api/security/{name}/vault. */
export type VaultLogs = Static<typeof VaultLogsSchema>;

/** POST /api/security/emergency-domain-fix. */
export const EmergencyFixResultSchema = Type.Object({
  domain: Type.String(),
  origins: Type.Array(Type.String()),
  removedFromAllowList: Type.Array(Type.String()),
  sessionsRevoked: Type.Number(),
  aminaPaused: Type.Boolean(),
  allowedOrigins: Type.Array(Type.String()),
  /** One finding per step, in order. */
  steps: Type.Array(SecurityFindingSchema),
});
/** POST /api/security/emergency-domain-fix. */
export type EmergencyFixResult = Static<typeof EmergencyFixResultSchema>;

/** POST /api/security/resume-amina. */
export const ResumeResultSchema = Type.Object({
  aminaPaused: Type.Boolean(),
  resumedAt: Type.String(),
  blockedOrigins: Type.Array(Type.String()),
});
/** POST /api/security/resume-amina. */
export type ResumeResult = Static<typeof ResumeResultSchema>;
