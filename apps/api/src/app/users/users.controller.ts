import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClaimAllowanceResponse, UserDto } from '@cosmic/contracts';
import { Inject } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { assertOwnWallet, NoPlayerSession, WatchOnlyAllowed } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import { SESSION_COOKIE, SessionService, SessionUser } from '../auth/session.service';
import { RateLimits } from '../security/rate-limit/rate-limits';
import { CreateUserDto } from './dto/create-user.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: RateLimits,
  ) {}

  @Post()
  @HttpCode(200)
  @NoPlayerSession()
  @ApiOperation({ summary: 'Create or fetch the user of a wallet address or guest id; sets the session cookie. New accounts are limited per IP (ACCOUNTS_PER_IP_PER_HOUR, 429)' })
  async create(@Body() dto: CreateUserDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserDto> {
    const user = await this.users.createOrFetch(dto.walletAddress, dto.username, () => this.limits.admit('accounts', req, reply));
    const { token, expiresAt } = await this.sessions.create(user.id, { origin: req.headers.origin, ip: req.ip });
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.cookieSecure,
      path: '/',
      expires: expiresAt,
      signed: true,
    });
    return this.users.toDto(user, false);
  }

  @Post('logout')
  @HttpCode(204)
  @WatchOnlyAllowed()
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  @ApiOperation({ summary: 'Sign out: revokes this session on the server and clears its cookie' })
  async logout(@CurrentUser() me: SessionUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.revoke(me.tokenHash);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @Get(':walletAddress')
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  get(@Param('walletAddress') walletAddress: string, @CurrentUser() me: SessionUser): Promise<UserDto> {
    assertOwnWallet(me, walletAddress);
    return this.users.get(me.userId, me.ownershipVerified);
  }

  @Post(':id/claim-allowance')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  @ApiOperation({ summary: 'Claim 1000 HC, at most once per 24 h' })
  claim(@Param('id') id: string, @CurrentUser() me: SessionUser): Promise<ClaimAllowanceResponse> {
    assertOwnWallet(me, id);
    return this.users.claimAllowance(me.userId);
  }
}
