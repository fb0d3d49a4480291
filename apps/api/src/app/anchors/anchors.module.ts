import { Module } from '@nestjs/common';
import { AnchorsAudit } from './anchors-audit';
import { AnchorsController } from './anchors.controller';
import { AnchorsJobs } from './anchors.jobs';
import { AnchorsRepository } from './anchors.repository';
import { AnchorsService } from './anchors.service';

/** Bet anchors: every bet's record in a Merkle tree whose root is written on chain, receipts, and the auditor's recomputation. */
@Module({
  controllers: [AnchorsController],
  providers: [AnchorsRepository, AnchorsService, AnchorsJobs, AnchorsAudit],
  exports: [AnchorsService, AnchorsAudit],
})
export class AnchorsModule {}
