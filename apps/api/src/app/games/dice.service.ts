import { Inject, Injectable } from '@nestjs/common';
import { isDiceBet, playDice, toNumber, type DiceOutcome } from '@cosmic/game-engine';
import { BankrollService } from '../bankroll/bankroll.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { GameEngineRefusal } from './engine-refusal';
import type { SessionUser } from '../auth/session.service';
import { money } from '../common/amount';
import { InstantBetService } from './instant-bet.service';
import { parseStake } from './stake';
import type { DiceBody } from './dto';

/** Nebula Dice: two d6; low (2–6) pays 2x, seven 4x, high (8–12) 2x. */
@Injectable()
export class DiceService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bets: InstantBetService,
    private readonly bankroll: BankrollService,
  ) {}

  async roll(user: SessionUser, body: DiceBody) {
    const { currency, stake } = parseStake(user, body.currency, body.betAmount, 'betAmount', this.config.betMaxAmina);
    if (currency === 'AMINA' && isDiceBet(body.betType))
      await this.bankroll.assertStakeWithinCap({ game: 'dice', betType: body.betType }, stake, 'betAmount');
    const bet = await this.bets.place<DiceOutcome>(user, 'dice', currency, stake, (stream) => {
      const r = playDice(stream, body.betType);
      if (!r.ok) throw new GameEngineRefusal(r.error);
      return { multiplier: r.outcome.multiplier, outcome: r.outcome };
    });
    const { outcome, stake: _stake, payout, multiplier, ...fields } = bet;
    return {
      dice1: outcome.dice[0],
      dice2: outcome.dice[1],
      total: outcome.total,
      betType: outcome.betType,
      isWin: outcome.won,
      winAmount: money(payout),
      betAmount: money(stake),
      multiplier: toNumber(multiplier),
      ...fields,
    };
  }
}
