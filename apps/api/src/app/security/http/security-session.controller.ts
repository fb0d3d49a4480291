import { Controller, HttpCode, Ip, Param, Post, UseGuards } from '@nestjs/common';
import { NoPlayerSession } from '../../auth/ownership';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PasswordBodySchema, SecurityTokenSchema, type PasswordRequest, type SecurityToken } from '@cosmic/contracts';
import { OperatorAuthService } from '../auth/operator-auth.service';
import { OperatorTokenGuard } from '../auth/security-token.guard';
import { SecurityOverviewService } from '../report/overview.service';
import { Answers, SchemaBody } from '../../common/schema-decorators';

/** The two password exchanges: dashboard token, then vault token. */
@ApiTags('security')
@NoPlayerSession() // operators carry their own token, checked by the route's guard
@Controller('security')
export class SecuritySessionController {
  constructor(
    private readonly auth: OperatorAuthService,
    private readonly overview: SecurityOverviewService,
  ) {}

  @Post('session')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange the dashboard password for a 15-minute operator token (rate limited, lockout after 5 failures)',
  })
  @Answers(SecurityTokenSchema)
  session(
    @SchemaBody('PasswordBody', PasswordBodySchema) body: PasswordRequest,
    @Ip() ip: string,
  ): Promise<SecurityToken> {
    return this.auth.exchange('operator', body.password, ip);
  }

  @Post(':name/vault/session')
  @HttpCode(200)
  @UseGuards(OperatorTokenGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      "Exchange the vault password for a 15-minute vault token (needs an operator token); refusal names the persona's vault",
  })
  @Answers(SecurityTokenSchema)
  vaultSession(
    @Param('name') name: string,
    @SchemaBody('PasswordBody', PasswordBodySchema) body: PasswordRequest,
    @Ip() ip: string,
  ): Promise<SecurityToken> {
    const persona = this.overview.persona(name);
    const title = persona.name[0].toUpperCase() + persona.name.slice(1);
    return this.auth.exchange('vault', body.password, ip, title);
  }
}
