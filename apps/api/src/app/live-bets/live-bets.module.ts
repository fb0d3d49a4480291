import { Module } from '@nestjs/common';
import { BetsModule } from '../bets/bets.module';
import { HealthModule } from '../health/health.module';
import { LiveBetsController } from './live-bets.controller';
import { LiveBetsService } from './live-bets.service';
import { StreamSlots } from './stream-slots';

/** Live bets: the latest bets by tab and a server-sent event stream of committed bets (capped: stream-slots.ts). */
@Module({
  imports: [HealthModule, BetsModule],
  controllers: [LiveBetsController],
  providers: [LiveBetsService, StreamSlots],
  exports: [LiveBetsService],
})
export class LiveBetsModule {}
