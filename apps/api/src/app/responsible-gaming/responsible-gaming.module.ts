import { Module } from '@nestjs/common';
import { ResponsibleGamingController } from './responsible-gaming.controller';
import { ResponsibleGamingJobs } from './responsible-gaming.jobs';
import { ResponsibleGamingRepository } from './responsible-gaming.repository';
import { ResponsibleGamingService } from './responsible-gaming.service';

/** Player tools: loss, wager and deposit limits (with the raise/removal cool-off), time-outs and self-exclusion. */
@Module({
  controllers: [ResponsibleGamingController],
  providers: [ResponsibleGamingService, ResponsibleGamingRepository, ResponsibleGamingJobs],
  exports: [ResponsibleGamingService],
})
export class ResponsibleGamingModule {}
