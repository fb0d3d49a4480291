import { Module } from '@nestjs/common';
import { CashierModule } from '../cashier/cashier.module';
import { SecurityModule } from '../security/security.module';
import { ReservesController } from './reserves.controller';
import { ReservesJobs } from './reserves.jobs';
import { ReservesRepository } from './reserves.repository';
import { ReservesService } from './reserves.service';

/** Proof of reserves for AMINA: hourly anchored Merkle sum tree snapshots and players' inclusion proofs. */
@Module({
  imports: [CashierModule, SecurityModule],
  controllers: [ReservesController],
  providers: [ReservesRepository, ReservesService, ReservesJobs],
  exports: [ReservesService],
})
export class ReservesModule {}
