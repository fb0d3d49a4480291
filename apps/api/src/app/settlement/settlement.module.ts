import { Global, Module } from '@nestjs/common';
import { SettlementRepository } from './settlement.repository';
import { SettlementService } from './settlement.service';

/** Bets, the ledger and balances: the one module that writes them (see SettlementService). */
@Global()
@Module({ providers: [SettlementRepository, SettlementService], exports: [SettlementService] })
export class SettlementModule {}
