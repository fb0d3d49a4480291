import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { assertOwnWallet } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { SelfExcludeDto, SetLimitsDto } from './dto';
import { type PlayerLimits, ResponsibleGamingService, type SetLimitsResponse } from './responsible-gaming.service';

@ApiTags('responsible gaming')
@ApiCookieAuth('cosmic_session')
@UseGuards(SessionGuard)
@Controller('responsible-gaming')
export class ResponsibleGamingController {
  constructor(private readonly rg: ResponsibleGamingService) {}

  @Get('limits')
  get(@Query('walletAddress') walletAddress: string | undefined, @CurrentUser() me: SessionUser): Promise<PlayerLimits> {
    assertOwnWallet(me, walletAddress);
    return this.rg.get(me.userId);
  }

  @Post('limits')
  @HttpCode(200)
  set(@Body() dto: SetLimitsDto, @CurrentUser() me: SessionUser): Promise<SetLimitsResponse> {
    assertOwnWallet(me, dto.walletAddress);
    return this.rg.setLimits(me.userId, dto.dailyLossLimitHC, dto.dailyLossLimitAMINA);
  }

  @Post('self-exclude')
  @HttpCode(200)
  selfExclude(@Body() dto: SelfExcludeDto, @CurrentUser() me: SessionUser): Promise<PlayerLimits> {
    assertOwnWallet(me, dto.walletAddress);
    return this.rg.selfExclude(me.userId, dto.days);
  }
}
