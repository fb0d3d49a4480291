import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

/** GET /api/dev/wallets: the devnet's demo wallets, so a newcomer and the tests can sign like a real wallet. */
@ApiExcludeController()
@Controller('dev')
export class DevWalletsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('wallets')
  wallets(): NonNullable<AppConfig['devWallets']> {
    // exists only while the API runs against its embedded devnet: these keys are public test keys
    if (!this.config.chain.embeddedDevnet || !this.config.devWallets)
      throw new NotFoundException('Cannot GET /api/dev/wallets');
    return this.config.devWallets;
  }
}
