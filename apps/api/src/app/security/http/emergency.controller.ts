import { Controller, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { NoPlayerSession } from '../../auth/ownership';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  EmergencyFixBodySchema,
  EmergencyFixResultSchema,
  ResumeResultSchema,
  type EmergencyFixRequest,
  type EmergencyFixResult,
  type ResumeResult,
} from '@cosmic/contracts';
import { OperatorTokenGuard } from '../auth/security-token.guard';
import { EmergencyService } from '../emergency/emergency.service';
import { Answers, SchemaBody } from '../../common/schema-decorators';

/** The incident switch and its release. */
@ApiTags('security')
@ApiBearerAuth()
@UseGuards(OperatorTokenGuard)
@NoPlayerSession() // operators carry their own token, checked by the route's guard
@Controller('security')
export class EmergencyController {
  constructor(private readonly emergency: EmergencyService) {}

  @Post('emergency-domain-fix')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Drop the domain from the CORS allow-list, revoke its sessions, pause AMINA betting and withdrawals',
  })
  @Answers(EmergencyFixResultSchema)
  fix(
    @SchemaBody('EmergencyFixBody', EmergencyFixBodySchema) body: EmergencyFixRequest,
    @Ip() ip: string,
  ): Promise<EmergencyFixResult> {
    return this.emergency.fix(body.domain, ip);
  }

  @Post('resume-amina')
  @HttpCode(200)
  @ApiOperation({ summary: 'Lift the AMINA pause (blocked origins stay blocked)' })
  @Answers(ResumeResultSchema)
  resume(@Ip() ip: string): Promise<ResumeResult> {
    return this.emergency.resume(ip);
  }
}
