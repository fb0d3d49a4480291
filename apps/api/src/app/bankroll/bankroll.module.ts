import { Global, Module } from '@nestjs/common';
import { BankrollService } from './bankroll.service';
import { BankrollRepository } from './bankroll.repository';

/** The AMINA bankroll and the per-bet win cap, for every game and the cashier. */
@Global()
@Module({ providers: [BankrollService, BankrollRepository], exports: [BankrollService, BankrollRepository] })
export class BankrollModule {}
