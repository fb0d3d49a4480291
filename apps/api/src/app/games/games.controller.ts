import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { BlackjackService } from './blackjack.service';
import { SlotsService } from './slots.service';
import { HiloService } from './hilo.service';
import { PlinkoService } from './plinko.service';
import type {
  BlackjackCurrent,
  BlackjackEndArgs,
  BlackjackState,
  GameBetArgs,
  HiloCurrent,
  HiloEndArgs,
  HiloGuessArgs,
  HiloStartArgs,
  HiloState,
  PlinkoResultArgs,
  PlinkoSettled,
  SlotsArgs,
  SlotsBonus,
  SlotsSpin,
  SlotsState,
  WalletArgs,
  WalletQuery,
} from '@cosmic/contracts';
import {
  BetBodySchema,
  BlackjackEndBodySchema,
  HiloEndBodySchema,
  HiloGuessBodySchema,
  HiloStartBodySchema,
  PlinkoResultBodySchema,
  SlotsBodySchema,
  WalletBodySchema,
  BlackjackCurrentSchema,
  BlackjackStateSchema,
  HiloCurrentSchema,
  HiloStateSchema,
  PlinkoSettledSchema,
  SlotsBonusSchema,
  SlotsSpinSchema,
  SlotsStateSchema,
  WalletQuerySchema,
} from '@cosmic/contracts';
import { Answers, SchemaBody, SchemaQuery } from '../common/schema-decorators';

@ApiTags('games')
@Authenticated()
@Controller('games')
export class GamesController {
  constructor(
    private readonly plinko: PlinkoService,
    private readonly hilo: HiloService,
    private readonly blackjack: BlackjackService,
    private readonly slots: SlotsService,
  ) {}

  // POST dice and plinko/deduct are Fastify routes outside this controller: instant-bet.routes.ts

  @Post('plinko/result')
  @HttpCode(200)
  @ApiOperation({ summary: 'The settled plinko round (a client slotIndex is ignored)' })
  @Answers(PlinkoSettledSchema)
  @ProvenOwner()
  plinkoResult(
    @SchemaBody('PlinkoResultBody', PlinkoResultBodySchema) body: PlinkoResultArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<PlinkoSettled> {
    return this.plinko.result(me, body);
  }

  @Post('hilo/start')
  @HttpCode(200)
  @Answers(HiloStateSchema)
  @ProvenOwner()
  hiloStart(
    @SchemaBody('HiloStartBody', HiloStartBodySchema) body: HiloStartArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<HiloState> {
    return this.hilo.start(me, body);
  }

  @Post('hilo/guess')
  @HttpCode(200)
  @Answers(HiloStateSchema)
  @ProvenOwner()
  hiloGuess(
    @SchemaBody('HiloGuessBody', HiloGuessBodySchema) body: HiloGuessArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<HiloState> {
    return this.hilo.guess(me, body);
  }

  @Post('hilo/cashout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cash out the run (a client streak or currentBet is ignored)' })
  @Answers(HiloStateSchema)
  @ProvenOwner()
  hiloCashout(
    @SchemaBody('HiloEndBody', HiloEndBodySchema) body: HiloEndArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<HiloState> {
    return this.hilo.cashout(me);
  }

  @Post('hilo/loss')
  @HttpCode(200)
  @ApiOperation({ summary: 'No-op: answers the settled run' })
  @Answers(HiloStateSchema)
  @ProvenOwner()
  hiloLoss(
    @SchemaBody('HiloEndBody', HiloEndBodySchema) body: HiloEndArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<HiloState> {
    return this.hilo.loss(me);
  }

  @Get('hilo/current')
  @Answers(HiloCurrentSchema)
  @ProvenOwner('query')
  hiloCurrent(
    @SchemaQuery(WalletQuerySchema) _query: WalletQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<HiloCurrent> {
    return this.hilo.current(me);
  }

  @Post('blackjack/deal')
  @HttpCode(200)
  @ApiOperation({ summary: 'Debit the bet and deal (hole card hidden); settles at once on a blackjack' })
  @Answers(BlackjackStateSchema)
  @ProvenOwner()
  blackjackDeal(
    @SchemaBody('BetBody', BetBodySchema) body: GameBetArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<BlackjackState> {
    return this.blackjack.deal(me, body);
  }

  @Post('blackjack/hit')
  @HttpCode(200)
  @Answers(BlackjackStateSchema)
  @ProvenOwner()
  blackjackHit(
    @SchemaBody('WalletBody', WalletBodySchema) body: WalletArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<BlackjackState> {
    return this.blackjack.act(me, 'hit');
  }

  @Post('blackjack/stand')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stand (a client playerTotal is ignored)' })
  @Answers(BlackjackStateSchema)
  @ProvenOwner()
  blackjackStand(
    @SchemaBody('BlackjackEndBody', BlackjackEndBodySchema) body: BlackjackEndArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<BlackjackState> {
    return this.blackjack.act(me, 'stand');
  }

  @Post('blackjack/double')
  @HttpCode(200)
  @ApiOperation({ summary: 'Double (needs balance for the second stake; client cards are ignored)' })
  @Answers(BlackjackStateSchema)
  @ProvenOwner()
  blackjackDouble(
    @SchemaBody('BlackjackEndBody', BlackjackEndBodySchema) body: BlackjackEndArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<BlackjackState> {
    return this.blackjack.act(me, 'double');
  }

  @Post('blackjack/split')
  @HttpCode(200)
  @Answers(BlackjackStateSchema)
  @ProvenOwner()
  blackjackSplit(
    @SchemaBody('BlackjackEndBody', BlackjackEndBodySchema) body: BlackjackEndArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<BlackjackState> {
    return this.blackjack.act(me, 'split');
  }

  @Post('blackjack/bust')
  @HttpCode(200)
  @ApiOperation({ summary: 'No-op: answers the settled hand' })
  @Answers(BlackjackStateSchema)
  @ProvenOwner()
  blackjackBust(
    @SchemaBody('BlackjackEndBody', BlackjackEndBodySchema) body: BlackjackEndArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<BlackjackState> {
    return this.blackjack.lastHand(me);
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

  @Post('slots')
  @HttpCode(200)
  @ApiOperation({ summary: 'One spin with all its cascades; isFreeSpins plays a free spin the server holds' })
  @Answers(SlotsSpinSchema)
  @ProvenOwner()
  slotsSpin(
    @SchemaBody('SlotsBody', SlotsBodySchema) body: SlotsArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<SlotsSpin> {
    return this.slots.spin(me, body);
  }

  @Post('slots/buy-bonus')
  @HttpCode(200)
  @ApiOperation({ summary: 'Buy 10 free spins at ×3 for 100× the bet' })
  @Answers(SlotsBonusSchema)
  @ProvenOwner()
  slotsBuyBonus(
    @SchemaBody('BetBody', BetBodySchema) body: GameBetArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<SlotsBonus> {
    return this.slots.buyBonus(me, body);
  }

  @Get('slots/state')
  @Answers(SlotsStateSchema)
  @ProvenOwner('query')
  slotsState(@SchemaQuery(WalletQuerySchema) _query: WalletQuery, @CurrentUser() me: SessionUser): Promise<SlotsState> {
    return this.slots.state(me);
  }
}
