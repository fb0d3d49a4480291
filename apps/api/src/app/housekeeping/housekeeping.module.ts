import { HousekeepingRepository } from './housekeeping.repository';
import { Module } from '@nestjs/common';
import { HousekeepingService } from './housekeeping.service';
import { PartitionsRepository } from './partitions.repository';
import { PartitionsService } from './partitions.service';

/**
 * Keeping the database bounded: expiry and deletion of short-lived rows (sessions,
 * Idempotency-Keys, challenges, idle guests), and the weekly partitions of bets and ledger.
 */
@Module({
  providers: [HousekeepingService, HousekeepingRepository, PartitionsRepository, PartitionsService],
  exports: [HousekeepingService, PartitionsService],
})
export class HousekeepingModule {}
