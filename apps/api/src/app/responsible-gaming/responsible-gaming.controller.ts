import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import {
  PlayerLimitsSchema,
  SelfExcludeBodySchema,
  SetLimitsBodySchema,
  SetLimitsResponseSchema,
  WalletQuerySchema,
  type SelfExcludeRequest,
  type SetLimitsRequest,
  type WalletQuery,
} from '@cosmic/contracts';
import { Answers, SchemaBody, SchemaQuery } from '../common/schema-decorators';
import { type PlayerLimits, ResponsibleGamingService, type SetLimitsResponse } from './responsible-gaming.service';

@ApiTags('responsible gaming')
@Authenticated()
@Controller('responsible-gaming')
export class ResponsibleGamingController {
  constructor(private readonly rg: ResponsibleGamingService) {}

  @Get('limits')
  @ProvenOwner('query')
  @Answers(PlayerLimitsSchema)
  get(@SchemaQuery(WalletQuerySchema) _query: WalletQuery, @CurrentUser() me: SessionUser): Promise<PlayerLimits> {
    return this.rg.get(me.userId);
  }

  @Post('limits')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(SetLimitsResponseSchema)
  set(
    @SchemaBody('SetLimitsBody', SetLimitsBodySchema) dto: SetLimitsRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<SetLimitsResponse> {
    return this.rg.setLimits(me.userId, dto.dailyLossLimitHC, dto.dailyLossLimitAMINA);
  }

  @Post('self-exclude')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(PlayerLimitsSchema)
  selfExclude(
    @SchemaBody('SelfExcludeBody', SelfExcludeBodySchema) dto: SelfExcludeRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<PlayerLimits> {
    return this.rg.selfExclude(me.userId, dto.days);
  }
}
