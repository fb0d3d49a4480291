import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  BalanceResponseSchema,
  BettingLimitsResponseSchema,
  HouseInfoResponseSchema,
  OwnershipChallengeResponseSchema,
  OwnershipVerifyBodySchema,
  OwnershipVerifyResponseSchema,
  VerifyWalletResponseSchema,
  WalletBodySchema,
  type BalanceResponse,
  type BettingLimitsResponse,
  type HouseInfoResponse,
  type OwnershipChallengeResponse,
  type OwnershipVerifyRequest,
  type OwnershipVerifyResponse,
  type VerifyWalletResponse,
  type WalletArgs,
} from '@cosmic/contracts';
import { PublicOrigins } from '../http/public-origin';
import { ProvenOwner, WatchOnlyAllowed } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { Answers, SchemaBody } from '../common/schema-decorators';
import { OwnershipService } from './ownership.service';
import { WalletService } from './wallet.service';

@ApiTags('wallet')
@Controller('crypto')
export class WalletController {
  constructor(
    private readonly wallet: WalletService,
    private readonly ownership: OwnershipService,
    private readonly site: PublicOrigins,
  ) {}

  @Get('house-info')
  @ApiOperation({ summary: 'AMINA and house facts (network, asset id, supply, creator, exchanges)' })
  @Answers(HouseInfoResponseSchema)
  houseInfo(): Promise<HouseInfoResponse> {
    return this.wallet.houseInfo();
  }

  @Post('verify-wallet')
  @WatchOnlyAllowed() // reads the chain only
  @HttpCode(200)
  @Authenticated()
  @ProvenOwner()
  @Answers(VerifyWalletResponseSchema)
  verify(
    @SchemaBody('WalletBody', WalletBodySchema) _body: WalletArgs,
    @CurrentUser() me: SessionUser,
  ): Promise<VerifyWalletResponse> {
    return this.wallet.verifyWallet(me);
  }

  @Get('balance/:walletAddress')
  @Authenticated()
  @ProvenOwner('params')
  @Answers(BalanceResponseSchema)
  balance(@Param('walletAddress') walletAddress: string, @CurrentUser() me: SessionUser): Promise<BalanceResponse> {
    return this.wallet.balance(me);
  }

  @Get('betting-limits/:walletAddress')
  @Authenticated()
  @ProvenOwner('params')
  @Answers(BettingLimitsResponseSchema)
  limits(@Param('walletAddress') _walletAddress: string): Promise<BettingLimitsResponse> {
    return this.wallet.limits();
  }

  @Post('ownership/challenge')
  @WatchOnlyAllowed()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Sign-in: a one-time, 5-minute challenge naming this site, the address and a nonce (as text, ARC-60 payload and a never-valid 0-ALGO self-payment)',
  })
  @ProvenOwner()
  @Answers(OwnershipChallengeResponseSchema)
  challenge(
    @SchemaBody('WalletBody', WalletBodySchema) _body: WalletArgs,
    @CurrentUser() me: SessionUser,
    @Req() req: FastifyRequest,
  ): Promise<OwnershipChallengeResponse> {
    return this.ownership.challenge(me, this.site.forRequest(req));
  }

  @Post('ownership/verify')
  @WatchOnlyAllowed()
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Checks the signed challenge: the session becomes the proven owner of the wallet for at most 24 h',
  })
  @ProvenOwner()
  @Answers(OwnershipVerifyResponseSchema)
  verifyOwnership(
    @SchemaBody('OwnershipVerifyBody', OwnershipVerifyBodySchema) dto: OwnershipVerifyRequest,
    @CurrentUser() me: SessionUser,
  ): Promise<OwnershipVerifyResponse> {
    return this.ownership.verify(me, dto);
  }
}
