import { Inject, Injectable } from '@nestjs/common';
import { isPlinkoRisk, playPlinko, toNumber, type PlinkoOutcome } from '@cosmic/game-engine';
import { BankrollService } from '../bankroll/bankroll.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { NotFoundError } from '../common/domain-error';
import { SqlService } from '../database/sql.service';
import { GameEngineRefusal } from './engine-refusal';
import { InstantBetService } from './instant-bet.service';
import { parseStake } from './stake';
import type { PlinkoBody, PlinkoResultBody } from './dto';

/** Quantum Plinko: the server draws the 12-row path; the client only animates it. */
@Injectable()
export class PlinkoService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bets: InstantBetService,
    private readonly sql: SqlService,
    private readonly bankroll: BankrollService,
  ) {}

  /** Places and settles the bet atomically; answers the path the ball must follow. */
  async drop(user: SessionUser, body: PlinkoBody) {
    const { currency, stake } = parseStake(user, body.currency, body.betAmount, 'betAmount', this.config.betMaxAmina);
    if (currency === 'AMINA' && isPlinkoRisk(body.risk)) await this.bankroll.assertStakeWithinCap({ game: 'plinko', risk: body.risk }, stake, 'betAmount');
    const bet = await this.bets.place<PlinkoOutcome>(user, 'plinko', currency, stake, (stream) => {
      const r = playPlinko(stream, body.risk);
      if (!r.ok) throw new GameEngineRefusal(r.error);
      return { multiplier: r.outcome.multiplier, outcome: r.outcome };
    });
    const { outcome, stake: _stake, payout, multiplier, ...fields } = bet;
    return {
      risk: outcome.risk,
      path: outcome.path,
      slotIndex: outcome.slot,
      multiplier: toNumber(multiplier),
      isWin: payout > 0n,
      winAmount: money(payout),
      betAmount: money(stake),
      ...fields,
    };
  }

  /** The settled round the client animated; a client slot that differs changes nothing. */
  async result(user: SessionUser, body: PlinkoResultBody) {
    const byId = body.betId !== undefined;
    const rows = await this.sql.query<{ id: string; currency: 'HC' | 'AMINA'; amount: string; payout: string; multiplier: string; outcome: PlinkoOutcome & { multiplier: unknown }; nonce: string; server_seed_hash: string; client_seed: string; balance: string }>(
      `SELECT b.id, b.currency, b.amount, b.payout, b.multiplier, b.outcome, b.nonce, s.server_seed_hash, s.client_seed,
              (SELECT amount FROM balances WHERE user_id = b.user_id AND currency = b.currency) AS balance
         FROM bets b JOIN seed_pairs s ON s.id = b.seed_pair_id
        WHERE b.user_id = $1 AND b.game = 'plinko' ${byId ? 'AND b.id = $2' : ''}
        ORDER BY b.id DESC LIMIT 1`,
      byId ? [user.userId, /^\d{1,18}$/.test(body.betId!) ? body.betId : '0'] : [user.userId],
    );
    const b = rows[0];
    if (!b) throw new NotFoundError('No plinko bet to answer: drop a ball first');
    const payout = BigInt(b.payout);
    const amount = BigInt(b.amount);
    return {
      risk: b.outcome.risk,
      path: b.outcome.path,
      slotIndex: b.outcome.slot,
      clientSlotIgnored: body.slotIndex !== undefined && body.slotIndex !== b.outcome.slot,
      multiplier: Number(b.multiplier),
      isWin: payout > 0n,
      winAmount: money(payout),
      betAmount: money(amount),
      betId: String(b.id),
      nonce: Number(b.nonce),
      serverSeedHash: b.server_seed_hash,
      clientSeed: b.client_seed,
      currency: b.currency,
      balance: money(BigInt(b.balance)),
    };
  }
}
