import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NoPlayerSession } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-error';
import { OperatorTokenGuard } from '../security/auth/security-token.guard';
import { ReservesService } from './reserves.service';

function snapshotId(value: string | undefined, field: string): bigint | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9][0-9]{0,17}$/.test(value))
    throw new InvalidInputError(`${field} must be a snapshot id (a positive integer)`);
  return BigInt(value);
}

@ApiTags('proof of reserves')
@Controller('reserves')
export class ReservesController {
  constructor(private readonly reserves: ReservesService) {}

  @Get('snapshots')
  @ApiOperation({
    summary:
      'The latest proof-of-reserves snapshots: root, liabilities, the house AMINA read from the node, ratio, anchoring transaction',
  })
  list() {
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
  async take() {
    const s = await this.reserves.takeSnapshot();
    if (!s)
      throw new ConflictError(
        'Another instance is taking a proof-of-reserves snapshot right now; try again in a moment',
      );
    return s;
  }

  @Get('snapshots/:id')
  @ApiOperation({ summary: 'One proof-of-reserves snapshot' })
  async one(@Param('id') id: string) {
    const s = await this.reserves.snapshot(snapshotId(id, 'id')!);
    if (!s) throw new NotFoundError(`There is no proof-of-reserves snapshot ${id}`);
    return s;
  }

  @Get('proof')
  @UseGuards(SessionGuard)
  @ApiCookieAuth('cosmic_session')
  @ApiOperation({
    summary:
      "The session's inclusion proof (leaf, salt, sibling path with sums) in a snapshot, the newest by default; proven wallets only",
  })
  proof(@CurrentUser() me: SessionUser, @Query('snapshot') snapshot?: string) {
    return this.reserves.proof(me, snapshotId(snapshot, 'snapshot'));
  }
}
