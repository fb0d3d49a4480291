import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  ComprehensiveReport,
  DomainReport,
  DomProtection,
  HackersReport,
  PersonaSummary,
  VulnerabilitiesReport,
} from '@cosmic/contracts';
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
  comprehensive(): ComprehensiveReport {
    return this.overview.comprehensive();
  }

  @Get('dom')
  @ApiOperation({
    summary: 'Browser-facing protections read from the headers of a real response (CSP, framing, sniffing)',
  })
  dom(): DomProtection {
    return this.domain.domReport();
  }

  @Get('hackers')
  @ApiOperation({ summary: 'Addresses that misbehaved, most threatening first' })
  hackers(): HackersReport {
    return this.overview.hackers();
  }

  @Get('real-time-vulnerabilities')
  @ApiOperation({ summary: 'Recent findings of every persona, newest first, with counts' })
  vulnerabilities(): VulnerabilitiesReport {
    return this.overview.vulnerabilities();
  }

  @Get('domain/report')
  @ApiOperation({
    summary: "Checks of the deployment's own configuration: status, totalIssuesFixed, activeIssues, lastCheckup",
  })
  domainReport(): DomainReport {
    return this.domain.report();
  }

  @Get(':name/stats')
  @ApiOperation({ summary: "One persona's stats: sentinel, warden, auditor or treasurer" })
  personaStats(@Param('name') name: string): PersonaSummary {
    return this.overview.personaStats(name);
  }
}
