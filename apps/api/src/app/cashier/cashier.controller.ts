import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicOrigins } from '../http/public-origin';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { OwnerOnlyRead, ProvenOwner, WatchOnlyAllowed } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { RateLimits } from '../rate-limit/rate-limits';
import {
  BuildDepositBodySchema,
  BuildDepositResponseSchema,
  CashierTransactionsSchema,
  NotifyDepositBodySchema,
  NotifyDepositResponseSchema,
  OwnershipChallengeResponseSchema,
  SubmitDepositBodySchema,
  SubmitDepositResponseSchema,
  WalletQuerySchema,
  WithdrawalLimitsResponseSchema,
  WithdrawalStatusResponseSchema,
  WithdrawBodySchema,
  WithdrawChallengeBodySchema,
  WithdrawResponseSchema,
  type BuildDepositRequest,
  type BuildDepositResponse,
  type CashierTransaction,
  type NotifyDepositRequest,
  type NotifyDepositResponse,
  type OwnershipChallengeResponse,
  type SubmitDepositRequest,
  type SubmitDepositResponse,
  type WalletQuery,
  type WithdrawalLimitsResponse,
  type WithdrawalStatusResponse,
  type WithdrawChallengeRequest,
  type WithdrawRequest,
  type WithdrawResponse,
} from '@cosmic/contracts';
import { Answers, SchemaBody, SchemaQuery } from '../common/schema-decorators';
import { DepositsService } from './deposits.service';
import { TransactionsService } from './transactions.service';
import { WithdrawalsService } from './withdrawals.service';

@ApiTags('cashier')
@Authenticated()
@Controller('crypto')
export class CashierController {
  constructor(
    private readonly deposits: DepositsService,
    private readonly withdrawals: WithdrawalsService,
    private readonly transactions: TransactionsService,
    private readonly site: PublicOrigins,
    private readonly limits: RateLimits,
  ) {}

  @Post('build-deposit')
  @WatchOnlyAllowed() // anyone may pay into any account
  @HttpCode(200)
  @ApiOperation({ summary: 'An unsigned AMINA transfer to the house whose note names a deposit intent' })
  @ProvenOwner()
  @Answers(BuildDepositResponseSchema)
  build(
    @SchemaBody('BuildDepositBody', BuildDepositBodySchema) dto: BuildDepositRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<BuildDepositResponse> {
    return this.deposits.build(me, dto.amount);
  }

  @Post('submit-deposit')
  @WatchOnlyAllowed()
  @HttpCode(200)
  @ApiOperation({ summary: 'Relay the signed deposit transaction to the node' })
  @ProvenOwner()
  @Answers(SubmitDepositResponseSchema)
  submit(
    @SchemaBody('SubmitDepositBody', SubmitDepositBodySchema) dto: SubmitDepositRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<SubmitDepositResponse> {
    return this.deposits.submit(me, dto.signedTxnB64);
  }

  @Post('notify-deposit')
  @WatchOnlyAllowed()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Look up this deposit by its txid now instead of waiting for the watcher; at most 3 notices per 5 s per player (429)',
  })
  @ProvenOwner()
  @Answers(NotifyDepositResponseSchema)
  async notify(
    @SchemaBody('NotifyDepositBody', NotifyDepositBodySchema) dto: NotifyDepositRequest,
    @CurrentUser() me: SessionUser,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<NotifyDepositResponse> {
    await this.limits.admit('depositNotices', req, reply);
    return this.deposits.notify(me, dto.txId);
  }

  @Post('withdraw')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Withdraw AMINA to the proven wallet; another toAddress needs a signed /withdraw/challenge; sent once, never lost',
  })
  @ProvenOwner()
  @Answers(WithdrawResponseSchema)
  withdraw(
    @SchemaBody('WithdrawBody', WithdrawBodySchema) dto: WithdrawRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<WithdrawResponse> {
    const proof = dto.challengeId
      ? {
          challengeId: dto.challengeId,
          signedTxnB64: dto.signedTxnB64,
          signatureB64: dto.signatureB64,
          authenticatorDataB64: dto.authenticatorDataB64,
        }
      : undefined;
    return this.withdrawals.withdraw(me, dto.amount, dto.toAddress, proof);
  }

  @Get('withdraw/limits')
  @OwnerOnlyRead() // what is left today tells what was withdrawn
  @ApiOperation({ summary: 'The withdrawal minimum, the daily maximum (UTC day) and what is left of it today' })
  @ProvenOwner('query')
  @Answers(WithdrawalLimitsResponseSchema)
  withdrawLimits(
    @SchemaQuery(WalletQuerySchema) _query: WalletQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<WithdrawalLimitsResponse> {
    return this.withdrawals.limits(me);
  }

  @Post('withdraw/challenge')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The text the proven wallet signs to withdraw to another address (names destination and amount; 5 minutes, once)',
  })
  @ProvenOwner()
  @Answers(OwnershipChallengeResponseSchema)
  withdrawChallenge(
    @SchemaBody('WithdrawChallengeBody', WithdrawChallengeBodySchema) dto: WithdrawChallengeRequest,
    @CurrentUser() me: SessionUser,
    @Req() req: FastifyRequest,
  ): Promise<OwnershipChallengeResponse> {
    return this.withdrawals.challenge(me, dto.amount, dto.toAddress, this.site.forRequest(req));
  }

  @Get('withdrawals/:withdrawalId')
  @OwnerOnlyRead() // where the AMINA went (destination, txid)
  @ApiOperation({
    summary:
      "One of the session's withdrawals: pending, sending, confirmed or refunded (with the reason); polled while its outcome is open",
  })
  @Answers(WithdrawalStatusResponseSchema)
  withdrawalStatus(
    @Param('withdrawalId') withdrawalId: string,
    @CurrentUser() me: SessionUser,
  ): Promise<WithdrawalStatusResponse> {
    return this.withdrawals.status(me, withdrawalId);
  }

  @Get('transactions')
  @OwnerOnlyRead() // withdrawals' destinations and txids, deposits' senders
  @ProvenOwner('query')
  @Answers(CashierTransactionsSchema)
  list(
    @SchemaQuery(WalletQuerySchema) _query: WalletQuery,
    @CurrentUser() me: SessionUser,
  ): Promise<CashierTransaction[]> {
    return this.transactions.forUser(me.userId);
  }
}
