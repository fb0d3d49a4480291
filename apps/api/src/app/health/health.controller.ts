import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  HealthReportSchema,
  LivenessReportSchema,
  ReadinessReportSchema,
  type HealthReport,
  type LivenessReport,
  type ReadinessReport,
} from '@cosmic/contracts';
import { Answers } from '../common/schema-decorators';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: 'Database and chain connection status' })
  @Answers(HealthReportSchema)
  check(): Promise<HealthReport> {
    return this.health.report();
  }

  @Get('live')
  @ApiOkResponse({ description: 'The process is up (no dependency is asked): restart it when this fails' })
  @Answers(LivenessReportSchema)
  live(): LivenessReport {
    return this.health.live();
  }

  @Get('ready')
  @ApiOkResponse({
    description: 'Ready for traffic: database and chain node reachable, migrations applied, not shutting down',
  })
  @ApiServiceUnavailableResponse({
    description:
      'Not ready: send no traffic here (a dependency is down, migrations are pending, or the instance is draining)',
  })
  @Answers(ReadinessReportSchema)
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const report = await this.health.ready();
    if (report.status !== 'ready') void reply.status(503);
    return report;
  }
}
