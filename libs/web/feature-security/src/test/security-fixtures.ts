import type {
  AuditorStats,
  ComprehensiveReport,
  DomainReport,
  DomProtection,
  HackersReport,
  PersonaName,
  PersonaStats,
  PersonaSummary,
  SentinelStats,
  TreasurerStats,
  VaultLogs,
  VulnerabilitiesReport,
  WardenStats,
} from '@cosmic/contracts';
import { fakeApi, type FakeCall } from '@cosmic/web-data-access/testing';

/** The passwords the fake server accepts. */
export const PASSWORDS = { operator: 'open sesame', vault: 'vault door' };
const zeros = (n: number) => Array<number>(n).fill(0);
const at = () => new Date().toISOString();

const overview = (paused: boolean): ComprehensiveReport => ({
  generatedAt: at(),
  stats: {
    status: paused ? 'LOCKDOWN' : 'ELEVATED',
    reasons: ['Warden: 3 rejected · 1 hostile'],
    totalFindings: 2,
    findingsLast15m: 2,
    bySeverity: { low: 0, medium: 1, high: 1, critical: 0 },
    autoFixed: 2,
    activeIssues: 0,
    requests: 120,
    rejected: 3,
    rateLimited: 0,
    serverErrors: 0,
    offenders: 1,
    uptimeSeconds: 4000,
  },
  realTimeStats: {
    windowSeconds: 60,
    requestsPerSecond: zeros(60).map((_, i) => i % 7),
    rejectedPerSecond: zeros(60),
    rateLimitedPerSecond: zeros(60),
    serverErrorsPerSecond: zeros(60),
    avgLatencyMs: zeros(60).fill(2),
    maxLatencyMs: zeros(60).fill(5),
    currentRps: 4,
    peakRps: 6,
    requestsLastMinute: 180,
    totals: { requests: 120, rejected: 3, rateLimited: 0, serverErrors: 0 },
  },
  personas: {
    sentinel: { status: 'SECURE', headline: 'quiet', findings: 0 },
    warden: { status: 'ALERT', headline: '3 rejected', findings: 2 },
    auditor: { status: 'SECURE', headline: 'books balance', findings: 0 },
    treasurer: { status: 'SECURE', headline: 'house ok', findings: 0 },
  },
  emergency: {
    aminaPaused: paused,
    reason: paused ? 'emergency fix for mirror.example' : null,
    since: paused ? at() : null,
    blockedOrigins: paused ? ['https://mirror.example'] : [],
  },
});

const persona = (name: PersonaName): PersonaStats => {
  const base = {
    name,
    title: name[0].toUpperCase() + name.slice(1),
    role: 'guards things',
    status: 'SECURE' as const,
    headline: `${name} headline`,
    findings: 0,
    findingsLast15m: 0,
    lastFindingAt: null,
    findingsPerMinute: zeros(30),
  };
  const own: {
    sentinel: Omit<SentinelStats, keyof PersonaSummary>;
    warden: Omit<WardenStats, keyof PersonaSummary>;
    auditor: Omit<AuditorStats, keyof PersonaSummary>;
    treasurer: Omit<TreasurerStats, keyof PersonaSummary>;
  } = {
    sentinel: {
      rateLimits: {
        perMinute: 1200,
        sessionExchangesPerMinute: 10,
        limited: 2,
        limitedSessionExchanges: 0,
        limitedPerMinute: zeros(30),
      },
      bruteForce: {
        failedLogins: 1,
        successfulLogins: 1,
        lockouts: 0,
        globalLockouts: 0,
        activeLockouts: 0,
        lockoutAfter: 5,
        lockoutMinutes: 15,
        failedPerMinute: zeros(30),
      },
      sessionAbuse: { missingSession: 0, foreignWallet: 0, badOperatorToken: 0, expiredOperatorToken: 0 },
    },
    warden: {
      rejected: 3,
      hostile: 1,
      byKind: {
        validation: 2,
        'unknown-field': 0,
        'malformed-body': 0,
        'oversized-body': 0,
        'unsupported-media': 0,
        'unknown-route': 1,
      },
      byPattern: { 'sql-injection': 1 },
      topRoutes: [{ route: 'POST /api/users', rejected: 2 }],
      rejectedPerSecond: zeros(60),
      rejectedPerMinute: zeros(30),
      lastRejection: null,
    },
    auditor: {
      runs: 1,
      intervalSeconds: 60,
      lastRun: { at: at(), durationMs: 12, ranOnThisInstance: true },
      activeIssues: 0,
      checks: {
        ledger: { checked: 40, mismatches: 0, orphanLedgers: 0 },
        negativeBalances: 0,
        rtp: { checked: 10, mismatches: 0 },
        seeds: { checked: 40, mismatches: 0 },
      },
    },
    treasurer: {
      counts: null,
      reconciliation: {
        at: at(),
        houseChainAmina: '900',
        playerLiabilities: '12.5',
        inFlightWithdrawals: '0',
        surplus: '887.5',
        unknownOutgoing: [],
        parkedDeposits: 0,
      },
      surplusHistory: [887.5],
      liabilitiesHistory: [12.5],
    },
  };
  return { ...base, ...own[name] };
};

const vulns: VulnerabilitiesReport = {
  total: 2,
  bySeverity: { low: 0, medium: 1, high: 1, critical: 0 },
  last15m: { low: 0, medium: 1, high: 1, critical: 0 },
  autoFixed: 2,
  perMinute: zeros(30),
  vulnerabilities: [
    {
      id: 'f1',
      type: 'sql-injection',
      severity: 'high',
      autoFixed: true,
      timestamp: at(),
      location: "GET /api/x/1' UNION SELECT",
      details: 'sql injection attempt from 203.0.113.9',
      riskScore: 8,
      source: 'warden',
      fixedCode: 'rejected with 404; parameterised SQL and the CSP keep it inert',
    },
    {
      id: 'f2',
      type: 'input-flood',
      severity: 'medium',
      autoFixed: true,
      timestamp: at(),
      location: 'POST /api/users',
      details: '30 rejected requests from 203.0.113.9 within a minute',
      riskScore: 6,
      source: 'warden',
      fixedCode: 'every one answered 400',
    },
  ],
};
const hackers: HackersReport = {
  totalOffenders: 1,
  activeLastMinute: 1,
  activeLastHour: 1,
  offenders: [
    {
      ip: '203.0.113.9',
      threat: 'high',
      score: 61,
      rejected: 30,
      rateLimited: 0,
      failedLogins: 0,
      hostile: 1,
      sessionAbuse: 0,
      firstSeen: at(),
      lastSeen: at(),
      lastPath: 'POST /api/users',
    },
  ],
};
const domain: DomainReport = {
  status: 'SECURE',
  totalIssuesFixed: 0,
  activeIssues: 0,
  lastCheckup: at(),
  nextCheckupAt: at(),
  intervalSeconds: 30,
  environment: 'test',
  checks: [{ id: 'cors-allow-list', name: 'CORS allow-list', status: 'pass', detail: '1 origin(s)' }],
  allowedOrigins: ['http://localhost:3000'],
  removedOrigins: [],
};
const dom: DomProtection = {
  status: 'PROTECTED',
  lastCheckup: at(),
  csp: { 'script-src': ["'self'"] },
  scriptOrigins: ["'self'"],
  thirdPartyScriptOrigins: [],
  inlineScriptsAllowed: false,
  evalAllowed: false,
  framing: 'denied',
  plugins: 'blocked',
  headers: { 'x-content-type-options': 'nosniff' },
  problems: [],
};
const vault = (name: PersonaName): VaultLogs => ({
  persona: name,
  serverStatus: {
    status: 'online',
    instance: 'api-1:4242',
    environment: 'test',
    nodeVersion: 'v20.20.2',
    startedAt: at(),
    uptimeSeconds: 4000,
    jobsEnabled: true,
  },
  systemHealth: {
    instance: 'api-1:4242',
    pid: 4242,
    nodeVersion: 'v20.20.2',
    startedAt: at(),
    uptimeSeconds: 4000,
    eventLoopDelayMs: { mean: 10, p99: 21.5, max: 30 },
    heapUsedMb: 40,
    rssMb: 120,
    loadAverage: [0.5, 0.4, 0.3],
    cpus: 4,
    personaStatus: 'SECURE',
    lastAudit: { at: at(), ok: true, durationMs: 12 },
  },
  cryptoSecurity: {
    passwordHashes: { operator: 'scrypt N=131072 r=8 p=1', vault: 'scrypt N=131072 r=8 p=1' },
    tokens: 'HMAC-SHA256 bearer tokens, 15 min',
    sessionSecret: 'custom, 48 characters',
    seedIntegrity: { checked: 40, mismatches: 0, lastChecked: at() },
    cookies: 'httpOnly, SameSite=Lax, signed',
  },
  recentActivity: [
    { at: at(), persona: name, event: 'vault unlocked', ip: '127.0.0.1', detail: 'token issued for 15 minutes' },
  ],
  hackerAttempts: { total: 1, last15m: 1, byType: { 'brute-force': 1 }, topOffenders: [] },
  protectedBy: [`${name} shield one`, `${name} shield two`],
  vaultRefreshCycle: 300_000,
  lastUpdated: at(),
});

const token = (scope: 'operator' | 'vault') => ({
  token: `cc1.${scope}.sig`,
  scope,
  expiresAt: new Date(Date.now() + 900_000).toISOString(),
  expiresInSeconds: 900,
});

/** A fake security API that behaves like the real one: passwords in bodies, bearer tokens on every other call. */
export function securityApi(opts: { expired?: () => boolean } = {}): FakeCall[] {
  let paused = false;
  return fakeApi((call) => {
    const auth = call.headers.get('authorization');
    const p = call.path.replace('/api/security/', '');
    if (call.method === 'POST' && p === 'session') {
      return (call.body as { password: string }).password === PASSWORDS.operator
        ? { body: token('operator') }
        : { status: 401, body: { message: 'Access Denied - Incorrect Password' } };
    }
    const vaultSession = /^(\w+)\/vault\/session$/.exec(p);
    if (vaultSession) {
      if (auth !== 'Bearer cc1.operator.sig')
        return { status: 401, body: { message: 'Security session required: unlock the dashboard first' } };
      const t = vaultSession[1][0].toUpperCase() + vaultSession[1].slice(1);
      return (call.body as { password: string }).password === PASSWORDS.vault
        ? { body: token('vault') }
        : { status: 401, body: { message: `Access Denied - ${t} Only` } };
    }
    const vaultLogs = /^(\w+)\/vault$/.exec(p);
    if (vaultLogs)
      return auth === 'Bearer cc1.vault.sig'
        ? { body: vault(vaultLogs[1] as PersonaName) }
        : { status: 401, body: { message: 'Security session not valid' } };
    if (auth !== 'Bearer cc1.operator.sig' || opts.expired?.())
      return { status: 401, body: { message: 'Security session expired: unlock the dashboard again' } };
    if (p === 'comprehensive') return { body: overview(paused) };
    if (p === 'real-time-vulnerabilities') return { body: vulns };
    if (p === 'hackers') return { body: hackers };
    if (p === 'domain/report') return { body: domain };
    if (p === 'dom') return { body: dom };
    const stats = /^(\w+)\/stats$/.exec(p);
    if (stats) return { body: persona(stats[1] as PersonaName) };
    if (p === 'emergency-domain-fix') {
      paused = true;
      return {
        body: {
          domain: 'mirror.example',
          origins: ['https://mirror.example'],
          removedFromAllowList: [],
          sessionsRevoked: 2,
          aminaPaused: true,
          allowedOrigins: [],
          steps: [
            {
              ...vulns.vulnerabilities[0],
              id: 's1',
              fixedCode: 'revoked 2 session(s); their players must sign in again',
            },
          ],
        },
      };
    }
    if (p === 'resume-amina') {
      paused = false;
      return { body: { aminaPaused: false, resumedAt: at(), blockedOrigins: [] } };
    }
    return undefined;
  });
}
