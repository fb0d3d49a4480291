import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BetDtosSchema, BetsQuerySchema, type BetDto, type BetsQuery } from '@cosmic/contracts';
import { ProvenOwner } from '../auth/ownership';
import { Authenticated, CurrentUser } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { Answers, SchemaQuery } from '../common/schema-decorators';
import { BetsRepository } from './bets.repository';

@ApiTags('bets')
@Authenticated()
@Controller('bets')
export class BetsController {
  constructor(private readonly bets: BetsRepository) {}

  /** The player's settled bets, newest first; the server seed only once its pair is revealed. */
  @Get()
  @ProvenOwner('query')
  @Answers(BetDtosSchema)
  async list(@SchemaQuery(BetsQuerySchema) query: BetsQuery, @CurrentUser() me: SessionUser): Promise<BetDto[]> {
    const rows = await this.bets.latest(me.userId, query.limit ?? 50);
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
