import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { BlackjackService } from './blackjack.service';
import { SlotsService } from './slots.service';
import { HiloService } from './hilo.service';
import type { BlackjackCurrent, HiloCurrent, SlotsState, WalletQuery } from '@cosmic/contracts';
import { BlackjackCurrentSchema, HiloCurrentSchema, SlotsStateSchema, WalletQuerySchema } from '@cosmic/contracts';
import { Answers, SchemaQuery } from '../common/schema-decorators';

/** The games' reads; every POST under /api/games is a Fastify route outside this controller (games.routes.ts). */
@ApiTags('games')
@Authenticated()
@Controller('games')
export class GamesController {
  constructor(
    private readonly hilo: HiloService,
    private readonly blackjack: BlackjackService,
    private readonly slots: SlotsService,
  ) {}

  @Get('hilo/current')
  @Answers(HiloCurrentSchema)
  @ProvenOwner('query')
  hiloCurrent(
    @SchemaQuery(WalletQuerySchema) _query: WalletQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<HiloCurrent> {
    return this.hilo.current(me);
  }

  @Get('blackjack/current')
  @Answers(BlackjackCurrentSchema)
  @ProvenOwner('query')
  blackjackCurrent(
    @SchemaQuery(WalletQuerySchema) _query: WalletQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<BlackjackCurrent> {
    return this.blackjack.current(me);
  }

  @Get('slots/state')
  @Answers(SlotsStateSchema)
  @ProvenOwner('query')
  slotsState(@SchemaQuery(WalletQuerySchema) _query: WalletQuery, @CurrentUser() me: SessionUser): Promise<SlotsState> {
    return this.slots.state(me);
  }
}
