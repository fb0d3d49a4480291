import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import type { BetDto } from '@cosmic/contracts';
import { assertOwnWallet } from '../auth/ownership';
import { CurrentUser, SessionGuard } from '../auth/session.guard';
import type { SessionUser } from '../auth/session.service';
import { InvalidInputError } from '../common/domain-error';
import { money } from '../common/amount';
import { SqlService } from '../database/sql.service';

interface BetRow {
  id: string;
  game: string;
  currency: 'HC' | 'AMINA';
  amount: string;
  payout: string;
  multiplier: string;
  outcome: unknown;
  created_at: Date;
  nonce: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  active: boolean;
}

@ApiTags('bets')
@ApiCookieAuth('cosmic_session')
@UseGuards(SessionGuard)
@Controller('bets')
export class BetsController {
  constructor(private readonly sql: SqlService) {}

  /** The player's settled bets, newest first; the server seed only once its pair is revealed. */
  @Get()
  async list(@Query('walletAddress') walletAddress: string | undefined, @Query('limit') limitRaw: string | undefined, @CurrentUser() me: SessionUser): Promise<BetDto[]> {
    assertOwnWallet(me, walletAddress);
    const limit = limitRaw === undefined ? 50 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new InvalidInputError('limit must be an integer from 1 to 200');
    const rows = await this.sql.query<BetRow>(
      `SELECT b.id, b.game, b.currency, b.amount, b.payout, b.multiplier, b.outcome, b.created_at, b.nonce,
              s.server_seed, s.server_seed_hash, s.client_seed, s.active
         FROM bets b JOIN seed_pairs s ON s.id = b.seed_pair_id
        WHERE b.user_id = $1 ORDER BY b.id DESC LIMIT $2`,
      [me.userId, limit],
    );
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
