import { Global, Module } from '@nestjs/common';
import { BankrollService } from './bankroll.service';

/** The AMINA bankroll and the per-bet win cap, for every game and the cashier. */
@Global()
@Module({ providers: [BankrollService], exports: [BankrollService] })
export class BankrollModule {}
