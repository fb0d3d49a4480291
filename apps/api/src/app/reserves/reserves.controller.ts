import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ReservesProofJson } from '@cosmic/game-engine';
import {
  ReservesOverviewSchema,
  ReservesProofQuerySchema,
  ReservesProofSchema,
  ReservesSnapshotParamsSchema,
  ReservesSnapshotSchema,
  type ReservesOverview,
  type ReservesProofQuery,
  type ReservesSnapshot,
  type ReservesSnapshotParams,
} from '@cosmic/contracts';
import { NoPlayerSession } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { ConflictError, NotFoundError } from '../common/domain-error';
import { Answers, SchemaParams, SchemaQuery } from '../common/schema-decorators';
import { OperatorTokenGuard } from '../security/auth/security-token.guard';
import { ReservesService } from './reserves.service';

@ApiTags('proof of reserves')
@Controller('reserves')
export class ReservesController {
  constructor(private readonly reserves: ReservesService) {}

  @Get('snapshots')
  @ApiOperation({
    summary:
      'The latest proof-of-reserves snapshots: root, liabilities, the house AMINA read from the node, ratio, anchoring transaction',
  })
  @Answers(ReservesOverviewSchema)
  list(): Promise<ReservesOverview> {
    return this.reserves.overview();
  }

  @Post('snapshots')
  @NoPlayerSession()
  @UseGuards(OperatorTokenGuard)
  @ApiBearerAuth()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Operators: take a snapshot now and anchor it (as the hourly job does); 409 while another instance takes one',
  })
  @Answers(ReservesSnapshotSchema)
  async take(): Promise<ReservesSnapshot> {
    const s = await this.reserves.takeSnapshot();
    if (!s)
      throw new ConflictError(
        'Another instance is taking a proof-of-reserves snapshot right now; try again in a moment',
      );
    return s;
  }

  @Get('snapshots/:id')
  @ApiOperation({ summary: 'One proof-of-reserves snapshot' })
  @Answers(ReservesSnapshotSchema)
  async one(@SchemaParams(ReservesSnapshotParamsSchema) params: ReservesSnapshotParams): Promise<ReservesSnapshot> {
    const s = await this.reserves.snapshot(BigInt(params.id));
    if (!s) throw new NotFoundError(`There is no proof-of-reserves snapshot ${params.id}`);
    return s;
  }

  @Get('proof')
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  @ApiOperation({
    summary:
      "The session's inclusion proof in a snapshot (the newest by default): every leaf of the player, a random share of their balance with its salt and sibling path with sums; proven wallets only",
  })
  @Answers(ReservesProofSchema)
  proof(
    @CurrentUser() me: SessionUser,
    @SchemaQuery(ReservesProofQuerySchema) query: ReservesProofQuery,
  ): Promise<ReservesProofJson> {
    // a blank snapshot means the newest, as no snapshot does
    return this.reserves.proof(me, query.snapshot ? BigInt(query.snapshot) : undefined);
  }
}
