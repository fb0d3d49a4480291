import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import type { RevealedSeedDto, SeedRotationResponse, SeedStateDto } from '@cosmic/contracts';
import { assertOwnWallet } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { NewServerSeedDto, UpdateClientSeedDto } from './dto';
import { SeedsService, validateClientSeed } from './seeds.service';

@ApiTags('provably fair')
@ApiCookieAuth('cosmic_session')
@UseGuards(SessionGuard)
@Controller('game-seeds')
export class SeedsController {
  constructor(private readonly seeds: SeedsService) {}

  @Get('current')
  current(@Query('walletAddress') walletAddress: string | undefined, @CurrentUser() me: SessionUser): Promise<SeedStateDto> {
    assertOwnWallet(me, walletAddress);
    return this.seeds.current(me.userId);
  }

  @Post('update-client-seed')
  @HttpCode(200)
  update(@Body() dto: UpdateClientSeedDto, @CurrentUser() me: SessionUser): Promise<SeedRotationResponse> {
    assertOwnWallet(me, dto.walletAddress);
    return this.seeds.rotate(me.userId, validateClientSeed(dto.clientSeed));
  }

  @Post('new-server-seed')
  @HttpCode(200)
  newServerSeed(@Body() dto: NewServerSeedDto, @CurrentUser() me: SessionUser): Promise<SeedRotationResponse> {
    assertOwnWallet(me, dto.walletAddress);
    return this.seeds.rotate(me.userId);
  }

  @Get('history')
  history(@Query('walletAddress') walletAddress: string | undefined, @CurrentUser() me: SessionUser): Promise<RevealedSeedDto[]> {
    assertOwnWallet(me, walletAddress);
    return this.seeds.history(me.userId);
  }
}
