import { Module } from '@nestjs/common';
import { AnchorsModule } from '../anchors/anchors.module';
import { CashierModule } from '../cashier/cashier.module';
import { OperatorAuthService } from './auth/operator-auth.service';
import { OperatorTokenGuard, VaultTokenGuard } from './auth/security-token.guard';
import { EmergencyRepository } from './emergency/emergency.repository';
import { EmergencyService } from './emergency/emergency.service';
import { EmergencyController } from './http/emergency.controller';
import { SecurityController } from './http/security.controller';
import { SecuritySessionController } from './http/security-session.controller';
import { VaultController } from './http/vault.controller';
import { Auditor } from './personas/auditor';
import { AuditorRepository } from './personas/auditor.repository';
import { Sentinel } from './personas/sentinel';
import { Treasurer } from './personas/treasurer';
import { TreasurerRepository } from './personas/treasurer.repository';
import { Warden } from './personas/warden';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { RateLimiter } from './rate-limiter';
import { ClientIpProbe } from './report/client-ip-probe';
import { DomainReportService } from './report/domain-report.service';
import { SecurityOverviewService } from './report/overview.service';
import { VaultService } from './report/vault.service';
import { SecurityJobs } from './security.jobs';
import { ActivityLog } from './telemetry/activity-log';
import { OffenderTable } from './telemetry/offenders';
import { RejectionRouter } from './telemetry/rejection-router';
import { Traffic } from './telemetry/traffic';
import { Vitals } from './telemetry/vitals';

/**
 * The operators' security dashboard: password gates with stateless tokens, the per-IP rate
 * limiter, the four guard personas, the domain report, the vault and the emergency switch.
 */
@Module({
  imports: [AnchorsModule, CashierModule, RateLimitModule],
  controllers: [SecuritySessionController, SecurityController, VaultController, EmergencyController],
  providers: [
    { provide: OffenderTable, useFactory: () => new OffenderTable() },
    { provide: ActivityLog, useFactory: () => new ActivityLog() },
    Traffic,
    Vitals,
    Sentinel,
    Warden,
    Auditor,
    AuditorRepository,
    Treasurer,
    TreasurerRepository,
    RateLimiter,
    RejectionRouter,
    OperatorAuthService,
    OperatorTokenGuard,
    VaultTokenGuard,
    DomainReportService,
    ClientIpProbe,
    EmergencyRepository,
    EmergencyService,
    SecurityOverviewService,
    VaultService,
    SecurityJobs,
  ],
  // the operator token also guards operator routes of other modules (a proof-of-reserves snapshot on demand)
  exports: [OperatorAuthService],
})
export class SecurityModule {}
