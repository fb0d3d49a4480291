import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { OwnerOnlyRead, ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import {
  ConfirmPlayBodySchema,
  PlayerLimitsSchema,
  RealityCheckAckBodySchema,
  RealityCheckIntervalBodySchema,
  RealityCheckSchema,
  type RealityCheck,
  type RealityCheckAckRequest,
  type RealityCheckIntervalRequest,
  SelfExcludeBodySchema,
  SetLimitsBodySchema,
  SetLimitsResponseSchema,
  WalletQuerySchema,
  type ConfirmPlayRequest,
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
  @OwnerOnlyRead() // self-exclusion is the player's own business: not for whoever types the address
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
    return this.rg.setLimits(me.userId, dto.dailyLossLimitHC, dto.dailyLossLimitAMINA, dto.limits, me.claim);
  }

  @Post('self-exclude')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(PlayerLimitsSchema)
  selfExclude(
    @SchemaBody('SelfExcludeBody', SelfExcludeBodySchema) dto: SelfExcludeRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<PlayerLimits> {
    return this.rg.selfExclude(me.userId, dto.period, me.claim);
  }

  @Post('confirm-play')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(PlayerLimitsSchema)
  confirmPlay(
    @SchemaBody('ConfirmPlayBody', ConfirmPlayBodySchema) _dto: ConfirmPlayRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<PlayerLimits> {
    return this.rg.confirmPlay(me.userId, me.claim);
  }

  @Get('reality-check')
  @OwnerOnlyRead()
  @ProvenOwner('query')
  @Answers(RealityCheckSchema)
  realityCheck(
    @SchemaQuery(WalletQuerySchema) _query: WalletQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<RealityCheck> {
    return this.rg.realityCheck(me.userId);
  }

  @Post('reality-check')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(RealityCheckSchema)
  acknowledgeRealityCheck(
    @SchemaBody('RealityCheckAckBody', RealityCheckAckBodySchema) dto: RealityCheckAckRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<RealityCheck> {
    return this.rg.acknowledgeRealityCheck(me.userId, dto.currency, dto.action, me.claim);
  }

  @Post('reality-check/interval')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(RealityCheckSchema)
  setRealityInterval(
    @SchemaBody('RealityCheckIntervalBody', RealityCheckIntervalBodySchema) dto: RealityCheckIntervalRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<RealityCheck> {
    return this.rg.setRealityInterval(me.userId, dto.currency, dto.intervalSeconds, me.claim);
  }
}
