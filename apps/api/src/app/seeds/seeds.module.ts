import { Module } from '@nestjs/common';
import { SeedsController } from './seeds.controller';
import { SeedsRepository } from './seeds.repository';
import { SeedsService } from './seeds.service';

/** Provably fair seed pairs. */
@Module({
  controllers: [SeedsController],
  providers: [SeedsService, SeedsRepository],
  exports: [SeedsService, SeedsRepository],
})
export class SeedsModule {}
