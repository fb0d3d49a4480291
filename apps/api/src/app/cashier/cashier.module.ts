import { DepositsRepository } from './deposits.repository';
import { WithdrawalsRepository } from './withdrawals.repository';
import { ReconciliationRepository } from './reconciliation.repository';
import { TransactionsRepository } from './transactions.repository';
import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { WalletModule } from '../wallet/wallet.module';
import { ResponsibleGamingModule } from '../responsible-gaming/responsible-gaming.module';
import { CashierController } from './cashier.controller';
import { CashierJobs } from './cashier.jobs';
import { DepositsService } from './deposits.service';
import { ReconciliationService } from './reconciliation.service';
import { TransactionsService } from './transactions.service';
import { WithdrawalsService } from './withdrawals.service';

/** AMINA deposits, withdrawals and the treasury's reconciliation. */
@Module({
  imports: [WalletModule, RateLimitModule, ResponsibleGamingModule],
  controllers: [CashierController],
  providers: [
    DepositsService,
    WithdrawalsService,
    ReconciliationService,
    TransactionsService,
    CashierJobs,
    DepositsRepository,
    WithdrawalsRepository,
    ReconciliationRepository,
    TransactionsRepository,
  ],
  exports: [DepositsService, WithdrawalsService, ReconciliationService, WithdrawalsRepository],
})
export class CashierModule {}
