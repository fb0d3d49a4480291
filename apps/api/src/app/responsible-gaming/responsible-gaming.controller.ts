import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { SelfExcludeDto, SetLimitsDto } from './dto';
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
  set(@Body() dto: SetLimitsDto, @CurrentUser() me: SessionUser): Promise<SetLimitsResponse> {
    return this.rg.setLimits(me.userId, dto.dailyLossLimitHC, dto.dailyLossLimitAMINA);
  }

  @Post('self-exclude')
  @HttpCode(200)
  @ProvenOwner()
  selfExclude(@Body() dto: SelfExcludeDto, @CurrentUser() me: SessionUser): Promise<PlayerLimits> {
    return this.rg.selfExclude(me.userId, dto.days);
  }
}
