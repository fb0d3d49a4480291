import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { assertOwnWallet } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { BuildDepositDto, NotifyDepositDto, SubmitDepositDto, WithdrawDto } from './dto';
import { DepositsService } from './deposits.service';
import { TransactionsService } from './transactions.service';
import { WithdrawalsService } from './withdrawals.service';

@ApiTags('cashier')
@ApiCookieAuth('cosmic_session')
@UseGuards(SessionGuard)
@Controller('crypto')
export class CashierController {
  constructor(
    private readonly deposits: DepositsService,
    private readonly withdrawals: WithdrawalsService,
    private readonly transactions: TransactionsService,
  ) {}

  @Post('build-deposit')
  @HttpCode(200)
  @ApiOperation({ summary: 'An unsigned AMINA transfer to the house whose note names a deposit intent' })
  build(@Body() dto: BuildDepositDto, @CurrentUser() me: SessionUser) {
    assertOwnWallet(me, dto.walletAddress);
    return this.deposits.build(me, dto.amount);
  }

  @Post('submit-deposit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Relay the signed deposit transaction to the node' })
  submit(@Body() dto: SubmitDepositDto, @CurrentUser() me: SessionUser) {
    assertOwnWallet(me, dto.walletAddress);
    return this.deposits.submit(me, dto.signedTxnB64);
  }

  @Post('notify-deposit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check for this deposit now instead of at the next watcher tick' })
  notify(@Body() dto: NotifyDepositDto, @CurrentUser() me: SessionUser) {
    assertOwnWallet(me, dto.walletAddress);
    return this.deposits.notify(me, dto.txId);
  }

  @Post('withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw AMINA to the verified wallet (or toAddress); sent once, never lost' })
  withdraw(@Body() dto: WithdrawDto, @CurrentUser() me: SessionUser) {
    assertOwnWallet(me, dto.walletAddress);
    return this.withdrawals.withdraw(me, dto.amount, dto.toAddress);
  }

  @Get('transactions')
  list(@Query('walletAddress') walletAddress: string | undefined, @CurrentUser() me: SessionUser) {
    assertOwnWallet(me, walletAddress);
    return this.transactions.forUser(me.userId);
  }
}
