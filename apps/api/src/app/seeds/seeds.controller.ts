import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  NewServerSeedBodySchema,
  RevealedSeedsSchema,
  SeedRotationResponseSchema,
  SeedStateDtoSchema,
  UpdateClientSeedBodySchema,
  WalletQuerySchema,
  type NewServerSeedRequest,
  type RevealedSeedDto,
  type SeedRotationResponse,
  type SeedStateDto,
  type UpdateClientSeedRequest,
  type WalletQuery,
} from '@cosmic/contracts';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { Answers, SchemaBody, SchemaQuery } from '../common/schema-decorators';
import { SeedsService, validateClientSeed } from './seeds.service';

@ApiTags('provably fair')
@Authenticated()
@Controller('game-seeds')
export class SeedsController {
  constructor(private readonly seeds: SeedsService) {}

  @Get('current')
  @ProvenOwner('query')
  @Answers(SeedStateDtoSchema)
  current(@SchemaQuery(WalletQuerySchema) _query: WalletQuery, @CurrentUser() me: SessionUser): Promise<SeedStateDto> {
    return this.seeds.current(me.userId);
  }

  @Post('update-client-seed')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(SeedRotationResponseSchema)
  update(
    @SchemaBody('UpdateClientSeedBody', UpdateClientSeedBodySchema) dto: UpdateClientSeedRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<SeedRotationResponse> {
    return this.seeds.rotate(me.userId, validateClientSeed(dto.clientSeed), me.claim);
  }

  @Post('new-server-seed')
  @HttpCode(200)
  @ProvenOwner()
  @Answers(SeedRotationResponseSchema)
  newServerSeed(
    @SchemaBody('NewServerSeedBody', NewServerSeedBodySchema) _body: NewServerSeedRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<SeedRotationResponse> {
    return this.seeds.rotate(me.userId, undefined, me.claim);
  }

  @Get('history')
  @ProvenOwner('query')
  @Answers(RevealedSeedsSchema)
  history(
    @SchemaQuery(WalletQuerySchema) _query: WalletQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<RevealedSeedDto[]> {
    return this.seeds.history(me.userId);
  }
}
