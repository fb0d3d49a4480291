import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  NewServerSeedBodySchema,
  UpdateClientSeedBodySchema,
  type NewServerSeedRequest,
  type RevealedSeedDto,
  type SeedRotationResponse,
  type SeedStateDto,
  type UpdateClientSeedRequest,
} from '@cosmic/contracts';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { SchemaBody } from '../common/schema-decorators';
import { SeedsService, validateClientSeed } from './seeds.service';

@ApiTags('provably fair')
@Authenticated()
@Controller('game-seeds')
export class SeedsController {
  constructor(private readonly seeds: SeedsService) {}

  @Get('current')
  @ProvenOwner('query')
  current(
    @Query('walletAddress') walletAddress: string | undefined,
    @CurrentUser() me: SessionUser,
  ): Promise<SeedStateDto> {
    return this.seeds.current(me.userId);
  }

  @Post('update-client-seed')
  @HttpCode(200)
  @ProvenOwner()
  update(
    @SchemaBody('UpdateClientSeedBody', UpdateClientSeedBodySchema) dto: UpdateClientSeedRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<SeedRotationResponse> {
    return this.seeds.rotate(me.userId, validateClientSeed(dto.clientSeed));
  }

  @Post('new-server-seed')
  @HttpCode(200)
  @ProvenOwner()
  newServerSeed(
    @SchemaBody('NewServerSeedBody', NewServerSeedBodySchema) _body: NewServerSeedRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<SeedRotationResponse> {
    return this.seeds.rotate(me.userId);
  }

  @Get('history')
  @ProvenOwner('query')
  history(
    @Query('walletAddress') walletAddress: string | undefined,
    @CurrentUser() me: SessionUser,
  ): Promise<RevealedSeedDto[]> {
    return this.seeds.history(me.userId);
  }
}
