import { Module } from '@nestjs/common';
import { HousekeepingRepository } from './housekeeping.repository';
import { HousekeepingService } from './housekeeping.service';

/**
 * Keeping the database bounded: expiry and deletion of short-lived rows (sessions,
 * Idempotency-Keys, challenges) and of guests who never played (through the settlement module).
 */
@Module({
  providers: [HousekeepingService, HousekeepingRepository],
  exports: [HousekeepingService],
})
export class HousekeepingModule {}
