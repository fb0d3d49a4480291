import { api } from './api';

/** The dashboard polls every second (spec §9). */
export const SECURITY_POLL_MS = 1000;
/** The vault refreshes every 5 minutes (spec §9). */
export const VAULT_REFRESH_MS = 300_000;

/** The four guard personas. */
export type PersonaName = 'sentinel' | 'warden' | 'auditor' | 'treasurer';
/** Every persona, in dashboard order. */
export const PERSONA_NAMES: readonly PersonaName[] = ['sentinel', 'warden', 'auditor', 'treasurer'];
/** A persona's verdict. */
export type PersonaStatus = 'SECURE' | 'WATCH' | 'ALERT';
/** The dashboard's overall verdict. */
export type SecurityStatus = 'SECURE' | 'ELEVATED' | 'ALERT' | 'LOCKDOWN';
/** Finding severity. */
export type Severity = 'low' | 'medium' | 'high' | 'critical';
/** Counts by severity. */
export type SeverityCounts = Record<Severity, number>;

/** A bearer token from a password exchange; kept in memory only. */
export interface SecurityToken {
  token: string;
  scope: 'operator' | 'vault';
  expiresAt: string;
  expiresInSeconds: number;
}

/** One finding ("vulnerability"). */
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

/** The last minute of API traffic, per second, oldest first. */
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

/** The incident switch's state. */
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

/** GET /api/security/{name}/stats: the common part plus each persona's own numbers. */
export interface PersonaStats {
  name: PersonaName;
  title: string;
  role: string;
  status: PersonaStatus;
  headline: string;
  findings: number;
  findingsLast15m: number;
  lastFindingAt: string | null;
  findingsPerMinute: number[];
  [own: string]: unknown;
}

/** An address the guards saw misbehave. */
export interface Offender {
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
  offenders: Offender[];
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

/** One check of the deployment's configuration. */
export interface DomainCheck {
  id: string;
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
  environment: string;
  checks: DomainCheck[];
  allowedOrigins: string[];
  removedOrigins: string[];
}

/** GET /api/security/dom: the browser-facing protections. */
export interface DomProtection {
  status: 'PROTECTED' | 'WEAKENED' | 'UNKNOWN';
  lastCheckup: string | null;
  csp: Record<string, string[]>;
  scriptOrigins: string[];
  thirdPartyScriptOrigins: string[];
  inlineScriptsAllowed: boolean;
  evalAllowed: boolean;
  framing: 'denied' | 'same-origin' | 'allowed';
  plugins: 'blocked' | 'allowed';
  headers: Record<string, string | null>;
  problems: string[];
}

/** One gate event in a vault's activity log. */
export interface VaultActivity {
  at: string;
  persona: PersonaName;
  event: string;
  ip: string;
  detail: string;
}

/** GET /api/security/{name}/vault. */
export interface VaultLogs {
  persona: PersonaName;
  serverStatus: { status: 'online' | 'degraded' | 'lockdown'; instance: string; environment: string; nodeVersion: string; startedAt: string; uptimeSeconds: number; jobsEnabled: boolean };
  systemHealth: {
    instance: string;
    uptimeSeconds: number;
    eventLoopDelayMs: { mean: number; p99: number; max: number };
    heapUsedMb: number;
    rssMb: number;
    loadAverage: number[];
    cpus: number;
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
  hackerAttempts: { total: number; last15m: number; byType: Record<string, number>; topOffenders: Offender[] };
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
  steps: SecurityFinding[];
}

/** POST /api/security/resume-amina. */
export interface ResumeResult {
  aminaPaused: boolean;
  resumedAt: string;
  blockedOrigins: string[];
}

// The bearer token travels in the Authorization header only: never in a URL, never in storage.
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const get = (url: string, token: string) => ({ url: `security/${url}`, headers: bearer(token) });

const securityApi = api.injectEndpoints({
  endpoints: (b) => ({
    securitySession: b.mutation<SecurityToken, string>({
      query: (password) => ({ url: 'security/session', method: 'POST', body: { password } }),
    }),
    vaultSession: b.mutation<SecurityToken, { persona: PersonaName; password: string; token: string }>({
      query: ({ persona, password, token }) => ({ url: `security/${persona}/vault/session`, method: 'POST', body: { password }, headers: bearer(token) }),
    }),
    securityOverview: b.query<ComprehensiveReport, string>({ query: (token) => get('comprehensive', token), providesTags: ['Security'] }),
    securityDom: b.query<DomProtection, string>({ query: (token) => get('dom', token) }),
    securityHackers: b.query<HackersReport, string>({ query: (token) => get('hackers', token) }),
    securityVulnerabilities: b.query<VulnerabilitiesReport, string>({ query: (token) => get('real-time-vulnerabilities', token), providesTags: ['Security'] }),
    personaStats: b.query<PersonaStats, { token: string; persona: PersonaName }>({ query: ({ token, persona }) => get(`${persona}/stats`, token) }),
    domainReport: b.query<DomainReport, string>({ query: (token) => get('domain/report', token), providesTags: ['Security'] }),
    vaultLogs: b.query<VaultLogs, { token: string; persona: PersonaName }>({ query: ({ token, persona }) => get(`${persona}/vault`, token) }),
    emergencyFix: b.mutation<EmergencyFixResult, { token: string; domain: string }>({
      query: ({ token, domain }) => ({ url: 'security/emergency-domain-fix', method: 'POST', body: { domain }, headers: bearer(token) }),
      invalidatesTags: ['Security'],
    }),
    resumeAmina: b.mutation<ResumeResult, string>({
      query: (token) => ({ url: 'security/resume-amina', method: 'POST', body: {}, headers: bearer(token) }),
      invalidatesTags: ['Security'],
    }),
  }),
});

/** Mutation: POST /api/security/session {password} → an operator token (15 min). */
export const useSecuritySessionMutation = securityApi.useSecuritySessionMutation;
/** Mutation: POST /api/security/{persona}/vault/session {password} with the operator token → a vault token. */
export const useVaultSessionMutation = securityApi.useVaultSessionMutation;
/** Query (arg: operator token): GET /api/security/comprehensive. */
export const useSecurityOverviewQuery = securityApi.useSecurityOverviewQuery;
/** Query (arg: operator token): GET /api/security/dom. */
export const useSecurityDomQuery = securityApi.useSecurityDomQuery;
/** Query (arg: operator token): GET /api/security/hackers. */
export const useSecurityHackersQuery = securityApi.useSecurityHackersQuery;
/** Query (arg: operator token): GET /api/security/real-time-vulnerabilities. */
export const useSecurityVulnerabilitiesQuery = securityApi.useSecurityVulnerabilitiesQuery;
/** Query: GET /api/security/{persona}/stats. */
export const usePersonaStatsQuery = securityApi.usePersonaStatsQuery;
/** Query (arg: operator token): GET /api/security/domain/report. */
export const useDomainReportQuery = securityApi.useDomainReportQuery;
/** Query (vault token): GET /api/security/{persona}/vault. */
export const useVaultLogsQuery = securityApi.useVaultLogsQuery;
/** Mutation: POST /api/security/emergency-domain-fix {domain}. */
export const useEmergencyFixMutation = securityApi.useEmergencyFixMutation;
/** Mutation: POST /api/security/resume-amina. */
export const useResumeAminaMutation = securityApi.useResumeAminaMutation;
