import { Module } from '@nestjs/common';
import { BetsModule } from '../bets/bets.module';
import { BetDetailsController } from './bet-details.controller';
import { BetDetailsService } from './bet-details.service';

/** Bet details: one settled bet in full (outcome, seeds, the verifier's parameters). */
@Module({ imports: [BetsModule], controllers: [BetDetailsController], providers: [BetDetailsService] })
export class BetDetailsModule {}
