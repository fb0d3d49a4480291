import { PlinkoRepository } from './plinko.repository';
import { Module } from '@nestjs/common';
import { BetBatcher } from './bet-batcher';
import { BlackjackService } from './blackjack.service';
import { DiceService } from './dice.service';
import { SlotsService } from './slots.service';
import { GamesController } from './games.controller';
import { HiloService } from './hilo.service';
import { InstantBetService } from './instant-bet.service';
import { PlinkoService } from './plinko.service';
import { RoundOpener } from './round-open';
import { RoundsRepository } from './rounds.repository';
import { KnownRounds } from './known-rounds';
import { RoundRunner } from './round-runner';
import { SeedCache } from './seed-cache';
import { SeedsModule } from '../seeds/seeds.module';

/** The house games: server-authoritative bets settled from the player's seed stream. */
@Module({
  imports: [SeedsModule],
  controllers: [GamesController],
  providers: [
    SeedCache,
    BetBatcher,
    InstantBetService,
    RoundsRepository,
    KnownRounds,
    RoundOpener,
    RoundRunner,
    PlinkoRepository,
    DiceService,
    PlinkoService,
    HiloService,
    BlackjackService,
    SlotsService,
  ],
  exports: [SeedCache, InstantBetService, RoundsRepository],
})
export class GamesModule {}
