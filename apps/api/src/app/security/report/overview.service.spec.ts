import { Logger } from '@nestjs/common';
import { PERSONA_NAMES } from '@cosmic/contracts';
import { CorsPolicy } from '../../http/cors-policy';
import type { AppConfig } from '../../config/app-config';
import type { SqlService } from '../../database/sql.service';
import type { ReconciliationService } from '../../cashier/reconciliation.service';
import type { DepositsService } from '../../cashier/deposits.service';
import type { AlgorandClient } from '../../chain/algorand.client';
import type { SessionService } from '../../auth/session.service';
import { OperatorAuthService } from '../auth/operator-auth.service';
import { EmergencyService } from '../emergency/emergency.service';
import type { EmergencyRepository } from '../emergency/emergency.repository';
import { FindingsService } from '../findings.service';
import { Auditor } from '../personas/auditor';
import type { AuditorRepository } from '../personas/auditor.repository';
import { Sentinel } from '../personas/sentinel';
import { Treasurer } from '../personas/treasurer';
import { TreasurerRepository } from '../personas/treasurer.repository';
import { Warden } from '../personas/warden';
import { MemoryLockoutStore } from '../../rate-limit/lockout.store';
import { ActivityLog } from '../telemetry/activity-log';
import { OffenderTable } from '../telemetry/offenders';
import { Traffic } from '../telemetry/traffic';
import { Vitals } from '../telemetry/vitals';
import { DomainReportService } from './domain-report.service';
import { SecurityOverviewService } from './overview.service';
import { VaultService } from './vault.service';

const HASH = `scrypt$16384$8$1$${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(32, 2).toString('base64')}`;
const config = {
  nodeEnv: 'test',
  host: '127.0.0.1',
  port: 3000,
  trustedProxies: { kind: 'none' },
  corsOrigins: ['http://localhost:3000'],
  cookieSecure: false,
  sessionSecret: 'x'.repeat(40),
  operatorPasswordHash: HASH,
  vaultPasswordHash: HASH,
  rateLimitPerMinute: 1200,
  jobsEnabled: true,
  remotes: {
    games: '/remotes/games/remoteEntry.js',
    cashier: '/remotes/cashier/remoteEntry.js',
    security: '/remotes/security/remoteEntry.js',
  },
} as unknown as AppConfig;

/** A database that answers the auditor's and treasurer's questions with fixed rows. */
const sql = {
  pool: {
    connect: async () => ({
      query: async () => ({ rows: [{ locked: true }] }),
      release: () => undefined,
      on: () => undefined,
      removeListener: () => undefined,
    }),
  },
  query: async (text: string) =>
    text.includes('GROUP BY')
      ? [
          { kind: 'deposit', state: 'credited', n: '12', amount: '150000000' },
          { kind: 'deposit', state: 'parked', n: '1', amount: '2000' },
          { kind: 'withdrawal', state: 'confirmed', n: '4', amount: '90000000' },
          { kind: 'withdrawal', state: 'refunded', n: '1', amount: '500' },
        ]
      : [{ deposits_24h: '3', stalled: '0', withdrawals_24h: '2', paid_after_refund: '0', liabilities: '60000000' }],
} as unknown as SqlService;
/** The watcher scanned up to round 990 of the node's 1000. */
const deposits = { watermark: async () => 990n } as unknown as DepositsService;
const chain = { lastRound: async () => 1000n } as unknown as AlgorandClient;
const auditorRepo = {
  ledgerMismatches: async () => ({
    checked: 5000,
    orphanLedgers: 0,
    mismatches: [{ userId: '9', currency: 'HC', balance: '5', ledgerSum: '4' }],
  }),
  negativeBalances: async () => [],
  nextWeekToReverify: async () => null,
  seedIntegrity: async () => ({ checked: 5000, mismatches: [], recent: [] }),
  loadReport: async () => null,
  saveReport: async () => undefined,
} as unknown as AuditorRepository;
const reconciliation = {
  latest: () => ({
    at: 'now',
    houseChainAmina: '900',
    playerLiabilities: '0.6',
    inFlightWithdrawals: '0',
    surplus: '899.4',
    unknownOutgoing: [],
    parkedDeposits: 1,
  }),
} as unknown as ReconciliationService;
const emergencyRepo = {
  read: async () => ({ aminaPaused: false, reason: null, since: null, blockedOrigins: [] }),
} as unknown as EmergencyRepository;
const adapter = {
  httpAdapter: {
    getInstance: () => ({
      inject: async () => ({
        headers: { 'content-security-policy': "script-src 'self'", 'x-content-type-options': 'nosniff' },
      }),
    }),
  },
};

/** The security module wired by hand, with every memory structure full. */
async function busyModule() {
  const findings = new FindingsService();
  const offenders = new OffenderTable();
  const activity = new ActivityLog();
  const traffic = new Traffic();
  const cors = new CorsPolicy(config);
  const sentinel = new Sentinel(config, findings, offenders, activity);
  const warden = new Warden(findings, offenders);
  const auditor = new Auditor(sql, auditorRepo, findings);
  const treasurer = new Treasurer(new TreasurerRepository(sql), reconciliation, findings, deposits, chain);
  const domain = new DomainReportService(config, cors, adapter as never);
  const emergency = new EmergencyService(emergencyRepo, cors, {} as SessionService, findings, domain, activity);
  const overview = new SecurityOverviewService(
    findings,
    traffic,
    offenders,
    domain,
    emergency,
    sentinel,
    warden,
    auditor,
    treasurer,
  );
  const vitals = new Vitals();
  const vault = new VaultService(
    config,
    overview,
    findings,
    activity,
    offenders,
    vitals,
    auditor,
    new OperatorAuthService(config, new MemoryLockoutStore(), sentinel),
    emergency,
  );
  await Promise.all([auditor.run(), treasurer.refresh(), domain.checkup()]);
  const now = Date.now();
  for (let i = 0; i < 3000; i++) {
    const ip = `10.${(i >> 8) & 255}.${i & 255}.${i % 7}`;
    warden.onRejection(
      { status: 400, message: 'property isAdmin should not exist', method: 'POST', url: `/api/users?${i % 13}`, ip },
      now - i * 10,
    );
    sentinel.onRateLimited(ip, 'GET', '/api/games/dice', 'api', now - i * 10);
    traffic.request(now - i * 10);
    traffic.response(i % 5 ? 200 : 429, 1.5, now - i * 10);
  }
  for (let i = 0; i < 600; i++)
    findings.report({
      type: 'rate-limit',
      severity: i % 2 ? 'low' : 'medium',
      autoFixed: true,
      location: 'x',
      details: 'y',
      riskScore: 3,
      source: PERSONA_NAMES[i % 4],
      fixedCode: 'z',
    });
  return { overview, domain, vault, vitals };
}

describe('dashboard answers come from memory, in well under a millisecond', () => {
  let m: Awaited<ReturnType<typeof busyModule>>;
  beforeAll(async () => {
    Logger.overrideLogger(false); // the seeded critical findings would be logged
    m = await busyModule();
  });
  afterAll(() => m.vitals.onModuleDestroy());

  const handlers: Array<[string, () => unknown]> = [
    ['comprehensive', () => m.overview.comprehensive()],
    ['dom', () => m.domain.domReport()],
    ['hackers', () => m.overview.hackers()],
    ['real-time-vulnerabilities', () => m.overview.vulnerabilities()],
    ['domain/report', () => m.domain.report()],
    ...PERSONA_NAMES.map((p): [string, () => unknown] => [`${p}/stats`, () => m.overview.personaStats(p)]),
    ['sentinel/vault', () => m.vault.logs('sentinel')],
  ];

  it.each(handlers)('%s: 1000 calls average < 1 ms, JSON included', (_name, handler) => {
    for (let i = 0; i < 50; i++) JSON.stringify(handler()); // warm up
    // the best of ten rounds of 100 calls (1000 in all), so another process hogging one of the two
    // cores for a while (CI runs builds beside the unit tests) does not decide
    const rounds = Array.from({ length: 10 }, () => {
      const t = performance.now();
      for (let i = 0; i < 100; i++) JSON.stringify(handler());
      return (performance.now() - t) / 100;
    });
    expect(Math.min(...rounds)).toBeLessThan(1);
  });

  it('reports what the busy module holds', () => {
    const c = m.overview.comprehensive();
    expect(c.stats.status).toBe('ALERT'); // the auditor's ledger mismatch
    expect(c.stats.offenders).toBe(1000); // the table is bounded
    expect(c.realTimeStats.requestsPerSecond).toHaveLength(60);
    expect(m.overview.hackers().offenders).toHaveLength(20);
    expect(m.overview.vulnerabilities().vulnerabilities).toHaveLength(50);
    expect(m.overview.personaStats('treasurer')).toMatchObject({
      counts: {
        deposits: { credited: 12, creditedAmina: '1.5', parked: 1, last24h: 3 },
        depositWatcherLagRounds: 10,
        withdrawals: { confirmed: 4, confirmedAmina: '0.9', inFlight: 0, inFlightAmina: '0', refunded: 1, last24h: 2 },
      },
    });
  });
});
