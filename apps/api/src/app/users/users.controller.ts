import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ClaimAllowanceResponseSchema,
  CreateUserBodySchema,
  UserDtoSchema,
  type ClaimAllowanceResponse,
  type CreateUserRequest,
  type UserDto,
} from '@cosmic/contracts';
import { Inject } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { NoPlayerSession, ProvenOwner, WatchOnlyAllowed } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import { SESSION_COOKIE, SessionService, SessionUser } from '../auth/session.service';
import { RateLimits } from '../rate-limit/rate-limits';
import { Answers, SchemaBody } from '../common/schema-decorators';
import { UsersService } from './users.service';
import type { PlayerRequest } from '../http/request-rules';

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
  @ApiOperation({
    summary:
      'Create or fetch the user of a wallet address or guest id; sets the session cookie. New accounts are limited per IP (ACCOUNTS_PER_IP_PER_HOUR) and in all (ACCOUNTS_PER_HOUR), 429; a username another account has (case and look-alike letters folded) is 409',
  })
  @Answers(UserDtoSchema)
  async create(
    @SchemaBody('CreateUserBody', CreateUserBodySchema) dto: CreateUserRequest,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserDto> {
    const { claim } = req as PlayerRequest;
    const user = await this.users.createOrFetch(
      dto.walletAddress,
      dto.username,
      () => this.limits.admitAccount(req, reply),
      claim,
    );
    const { token, cookieExpiresAt } = await this.sessions.create(
      user,
      { origin: req.headers.origin, ip: req.ip },
      claim,
    );
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.cookieSecure,
      path: '/',
      expires: cookieExpiresAt,
      signed: true,
    });
    return this.users.toDto(user, false);
  }

  @Post('logout')
  @HttpCode(204)
  @WatchOnlyAllowed()
  @Authenticated()
  @ApiOperation({ summary: 'Sign out: revokes this session on the server and clears its cookie' })
  async logout(@CurrentUser() me: SessionUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.revoke(me.tokenHash);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @Get(':walletAddress')
  @Authenticated()
  @ProvenOwner('params')
  @Answers(UserDtoSchema)
  get(@Param('walletAddress') walletAddress: string, @CurrentUser() me: SessionUser): Promise<UserDto> {
    return this.users.get(me.userId, me.ownershipVerified);
  }

  @Post(':id/claim-allowance')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Claim 1000 HC, at most once per 24 h' })
  @ProvenOwner('params', 'id')
  @Answers(ClaimAllowanceResponseSchema)
  claim(@Param('id') id: string, @CurrentUser() me: SessionUser): Promise<ClaimAllowanceResponse> {
    return this.users.claimAllowance(me.userId, me.claim);
  }
}
