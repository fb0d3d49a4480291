import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { BalanceResponse, BettingLimitsResponse, HouseInfoResponse, OwnershipChallengeResponse, VerifyWalletResponse } from '@cosmic/contracts';
import { assertOwnWallet } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { OwnershipVerifyDto, WalletAddressDto } from './dto';
import { OwnershipService } from './ownership.service';
import { WalletService } from './wallet.service';

@ApiTags('wallet')
@Controller('crypto')
export class WalletController {
  constructor(
    private readonly wallet: WalletService,
    private readonly ownership: OwnershipService,
  ) {}

  @Get('house-info')
  @ApiOperation({ summary: 'AMINA and house facts (network, asset id, supply, creator, exchanges)' })
  houseInfo(): Promise<HouseInfoResponse> {
    return this.wallet.houseInfo();
  }

  @Post('verify-wallet')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  verify(@Body() dto: WalletAddressDto, @CurrentUser() me: SessionUser): Promise<VerifyWalletResponse> {
    assertOwnWallet(me, dto.walletAddress);
    return this.wallet.verifyWallet(me);
  }

  @Get('balance/:walletAddress')
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  balance(@Param('walletAddress') walletAddress: string, @CurrentUser() me: SessionUser): Promise<BalanceResponse> {
    assertOwnWallet(me, walletAddress);
    return this.wallet.balance(me);
  }

  @Get('betting-limits/:walletAddress')
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  limits(@Param('walletAddress') walletAddress: string, @CurrentUser() me: SessionUser): BettingLimitsResponse {
    assertOwnWallet(me, walletAddress);
    return this.wallet.limits();
  }

  @Post('ownership/challenge')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  @ApiOperation({ summary: 'A one-time challenge to sign with the wallet (never-valid 0-ALGO self-payment)' })
  challenge(@Body() dto: WalletAddressDto, @CurrentUser() me: SessionUser, @Req() req: FastifyRequest): Promise<OwnershipChallengeResponse> {
    assertOwnWallet(me, dto.walletAddress);
    return this.ownership.challenge(me, req.hostname);
  }

  @Post('ownership/verify')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  verifyOwnership(@Body() dto: OwnershipVerifyDto, @CurrentUser() me: SessionUser): Promise<{ ownershipVerified: true }> {
    assertOwnWallet(me, dto.walletAddress);
    return this.ownership.verify(me, dto.challengeId, dto.signedTxnB64, dto.signatureB64);
  }
}
