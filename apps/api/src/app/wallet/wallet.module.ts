import { OwnershipRepository } from './ownership.repository';
import { Module } from '@nestjs/common';
import { DevWalletsController } from './dev-wallets.controller';
import { OwnershipService } from './ownership.service';
import { WalletController } from './wallet.controller';
import { WalletService } from './wallet.service';

/** Casino balances, chain opt-in, limits, house info and wallet ownership proofs. */
@Module({
  controllers: [WalletController, DevWalletsController],
  providers: [WalletService, OwnershipService, OwnershipRepository],
  exports: [WalletService, OwnershipService],
})
export class WalletModule {}
