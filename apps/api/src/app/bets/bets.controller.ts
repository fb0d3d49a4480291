import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BetDto } from '@cosmic/contracts';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { InvalidInputError } from '../common/domain-error';
import { money } from '../common/amount';
import { BetsRepository } from './bets.repository';

@ApiTags('bets')
@Authenticated()
@Controller('bets')
export class BetsController {
  constructor(private readonly bets: BetsRepository) {}

  /** The player's settled bets, newest first; the server seed only once its pair is revealed. */
  @Get()
  @ProvenOwner('query')
  async list(
    @Query('walletAddress') walletAddress: string | undefined,
    @Query('limit') limitRaw: string | undefined,
    @CurrentUser() me: SessionUser,
  ): Promise<BetDto[]> {
    const limit = limitRaw === undefined ? 50 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      throw new InvalidInputError('limit must be an integer from 1 to 200');
    const rows = await this.bets.latest(me.userId, limit);
    return rows.map((r) => ({
      id: String(r.id),
      game: r.game,
      currency: r.currency,
      amount: money(BigInt(r.amount)),
      payout: money(BigInt(r.payout)),
      multiplier: r.multiplier,
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.active ? null : r.server_seed,
      clientSeed: r.client_seed,
      nonce: Number(r.nonce),
      outcome: r.outcome,
      time: r.created_at.toISOString(),
    }));
  }
}
