import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import {
  SelfExcludeBodySchema,
  SetLimitsBodySchema,
  type SelfExcludeRequest,
  type SetLimitsRequest,
} from '@cosmic/contracts';
import { SchemaBody } from '../common/schema-decorators';
import { type PlayerLimits, ResponsibleGamingService, type SetLimitsResponse } from './responsible-gaming.service';

@ApiTags('responsible gaming')
@Authenticated()
@Controller('responsible-gaming')
export class ResponsibleGamingController {
  constructor(private readonly rg: ResponsibleGamingService) {}

  @Get('limits')
  @ProvenOwner('query')
  get(
    @Query('walletAddress') walletAddress: string | undefined,
    @CurrentUser() me: SessionUser,
  ): Promise<PlayerLimits> {
    return this.rg.get(me.userId);
  }

  @Post('limits')
  @HttpCode(200)
  @ProvenOwner()
  set(
    @SchemaBody('SetLimitsBody', SetLimitsBodySchema) dto: SetLimitsRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<SetLimitsResponse> {
    return this.rg.setLimits(me.userId, dto.dailyLossLimitHC, dto.dailyLossLimitAMINA);
  }

  @Post('self-exclude')
  @HttpCode(200)
  @ProvenOwner()
  selfExclude(
    @SchemaBody('SelfExcludeBody', SelfExcludeBodySchema) dto: SelfExcludeRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<PlayerLimits> {
    return this.rg.selfExclude(me.userId, dto.days);
  }
}
