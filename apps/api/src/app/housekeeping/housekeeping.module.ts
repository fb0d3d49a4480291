import { Module } from '@nestjs/common';
import { HousekeepingService } from './housekeeping.service';

/** Expiry and deletion of short-lived rows (sessions, Idempotency-Keys, challenges, idle guests). */
@Module({ providers: [HousekeepingService], exports: [HousekeepingService] })
export class HousekeepingModule {}
