import { Module } from '@nestjs/common';
import { ResponsibleGamingController } from './responsible-gaming.controller';
import { ResponsibleGamingService } from './responsible-gaming.service';

/** Player tools: daily loss limits and self-exclusion. */
@Module({ controllers: [ResponsibleGamingController], providers: [ResponsibleGamingService] })
export class ResponsibleGamingModule {}
