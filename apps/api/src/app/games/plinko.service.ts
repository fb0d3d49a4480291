import { Inject, Injectable } from '@nestjs/common';
import { isPlinkoRisk, playPlinko, toNumber, type PlinkoOutcome } from '@cosmic/game-engine';
import { BankrollService } from '../bankroll/bankroll.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { NotFoundError } from '../common/domain-error';
import { PlinkoRepository } from './plinko.repository';
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
    private readonly repo: PlinkoRepository,
    private readonly bankroll: BankrollService,
  ) {}

  /** Places and settles the bet atomically; answers the path the ball must follow. */
  async drop(user: SessionUser, body: PlinkoBody) {
    const { currency, stake } = parseStake(user, body.currency, body.betAmount, 'betAmount', this.config.betMaxAmina);
    if (currency === 'AMINA' && isPlinkoRisk(body.risk))
      await this.bankroll.assertStakeWithinCap({ game: 'plinko', risk: body.risk }, stake, 'betAmount');
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
    // an id that cannot be a bet id finds nothing (id 0)
    const b = await this.repo.settled(
      user.userId,
      byId ? (/^\d{1,18}$/.test(body.betId!) ? body.betId : '0') : undefined,
    );
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
