import { Module } from '@nestjs/common';
import { ResponsibleGamingController } from './responsible-gaming.controller';
import { ResponsibleGamingJobs } from './responsible-gaming.jobs';
import { ResponsibleGamingRepository } from './responsible-gaming.repository';
import { ResponsibleGamingService } from './responsible-gaming.service';

/** Player tools: daily loss limits (with the raise/removal cool-off) and self-exclusion. */
@Module({
  controllers: [ResponsibleGamingController],
  providers: [ResponsibleGamingService, ResponsibleGamingRepository, ResponsibleGamingJobs],
})
export class ResponsibleGamingModule {}
