import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ComprehensiveReportSchema,
  DomainReportSchema,
  DomProtectionSchema,
  HackersReportSchema,
  PersonaStatsSchema,
  VulnerabilitiesReportSchema,
  type ComprehensiveReport,
  type DomainReport,
  type DomProtection,
  type HackersReport,
  type PersonaStats,
  type VulnerabilitiesReport,
} from '@cosmic/contracts';
import { Answers } from '../../common/schema-decorators';
import { OperatorTokenGuard } from '../auth/security-token.guard';
import { DomainReportService } from '../report/domain-report.service';
import { SecurityOverviewService } from '../report/overview.service';

/** The dashboard's telemetry: every answer comes from memory (no database). */
@ApiTags('security')
@ApiBearerAuth()
@UseGuards(OperatorTokenGuard)
@Controller('security')
export class SecurityController {
  constructor(
    private readonly overview: SecurityOverviewService,
    private readonly domain: DomainReportService,
  ) {}

  @Get('comprehensive')
  @ApiOperation({
    summary:
      'Overall status (SECURE, ELEVATED, ALERT, LOCKDOWN), totals, real-time stats, persona summaries, emergency state',
  })
  @Answers(ComprehensiveReportSchema)
  comprehensive(): ComprehensiveReport {
    return this.overview.comprehensive();
  }

  @Get('dom')
  @ApiOperation({
    summary: 'Browser-facing protections read from the headers of a real response (CSP, framing, sniffing)',
  })
  @Answers(DomProtectionSchema)
  dom(): DomProtection {
    return this.domain.domReport();
  }

  @Get('hackers')
  @ApiOperation({ summary: 'Addresses that misbehaved, most threatening first' })
  @Answers(HackersReportSchema)
  hackers(): HackersReport {
    return this.overview.hackers();
  }

  @Get('real-time-vulnerabilities')
  @ApiOperation({ summary: 'Recent findings of every persona, newest first, with counts' })
  @Answers(VulnerabilitiesReportSchema)
  vulnerabilities(): VulnerabilitiesReport {
    return this.overview.vulnerabilities();
  }

  @Get('domain/report')
  @ApiOperation({
    summary: "Checks of the deployment's own configuration: status, totalIssuesFixed, activeIssues, lastCheckup",
  })
  @Answers(DomainReportSchema)
  domainReport(): DomainReport {
    return this.domain.report();
  }

  @Get(':name/stats')
  @ApiOperation({ summary: "One persona's stats: sentinel, warden, auditor or treasurer" })
  @Answers(PersonaStatsSchema)
  personaStats(@Param('name') name: string): PersonaStats {
    return this.overview.personaStats(name);
  }
}
