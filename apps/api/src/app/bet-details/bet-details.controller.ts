import { Controller, Get, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type BetDetails, type BetDetailsParams, BetDetailsParamsSchema, BetDetailsSchema } from '@cosmic/contracts';
import { sessionToken } from '../auth/session-token';
import { SessionService } from '../auth/session.service';
import { Answers, SchemaParams } from '../common/schema-decorators';
import { BetDetailsService } from './bet-details.service';

/** One settled bet in full, for the bet details dialog (live feed rows, the player's history). */
@ApiTags('bet-details')
@Controller('bet-details')
export class BetDetailsController {
  constructor(
    private readonly details: BetDetailsService,
    private readonly sessions: SessionService,
  ) {}

  /** A read open to anyone, like the feed that lists every bet; the session (if any) only marks the player's own. */
  @Get(':id')
  @Answers(BetDetailsSchema)
  @ApiOkResponse({
    description:
      'The bet: game, username, amounts, outcome, seeds (the server seed only once revealed) and the verifier’s parameters',
  })
  @ApiNotFoundResponse({ description: 'No such bet' })
  async get(
    @SchemaParams(BetDetailsParamsSchema) params: BetDetailsParams,
    @Req() req: FastifyRequest,
  ): Promise<BetDetails> {
    const user = await this.sessions.resolveCached(sessionToken(req));
    return this.details.get(params.id, user?.userId ?? null);
  }
}
