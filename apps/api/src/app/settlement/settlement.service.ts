import { Injectable, Optional } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { Queryable, SqlService } from '../database/sql.service';
import { MetricsService } from '../metrics/metrics.service';
import { BetRow, BetToPlace, RoundEnd, RoundOpening, SettlementRepository } from './settlement.repository';

/** A settled bet: its row and the player's balance after it. */
export interface Settled {
  betId: string;
  balance: bigint;
}

/** The round a settled bet closes. */
export interface RoundToClose {
  id: string;
  /** The round's final state as JSON text. */
  state: string;
}

/** The open round a settlement closes, as its row reads. */
export interface SettledRound {
  id: string;
  user_id: string;
  game: string;
  currency: Currency;
  seed_pair_id: string;
  nonce: string;
}

/**
 * The one writer of bets, ledger rows and balances: every money movement of the casino is one of
 * these methods (their ledger kinds and refs: `ledger-kind.ts`). The methods that take `db` run
 * in the caller's transaction; a short balance throws InsufficientBalanceError and the caller's
 * transaction rolls back.
 */
@Injectable()
export class SettlementService {
  constructor(
    private readonly repo: SettlementRepository,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  balances(db: Queryable, userId: string): Promise<Record<Currency, bigint>> {
    return this.repo.balances(db, userId);
  }

  /** Operator pause, self-exclusion and daily loss limit for a stake about to be debited (see the repository). */
  checkPlayAllowed(db: Queryable, userId: string, currency: Currency, stake: bigint): Promise<void> {
    return this.repo.checkPlayAllowed(db, userId, currency, stake);
  }

  /** An instant bet alone (place_bet()): [bet id, balance]; `ownConnection`: on the bets' own connections (SqlService.betPool). */
  placeBet(bet: BetToPlace, ownConnection = false): Promise<string[]> {
    return this.repo.placeBet(bet, ownConnection);
  }

  /** Instant bets of several players committed together (place_bets(); the BetBatcher's group commit). */
  placeBets(bets: BetToPlace[]): Promise<string[]> {
    return this.repo.placeBets(bets);
  }

  /** Debits a stake of an open round (a deal, a hi-lo start, a blackjack double or split), before its bet row exists. */
  stakeRound(db: Queryable, userId: string, currency: Currency, amount: bigint, roundId: string): Promise<bigint> {
    return this.repo.move(db, userId, currency, -amount, 'bet', `round:${roundId}`);
  }

  /**
   * Opens a round and debits its stake in one statement of its own (round_open()): the round row,
   * debit and ledger row of the locked way (takeNonce, {@link checkPlayAllowed}, the insert,
   * {@link stakeRound}). Throws NonceMovedError or RoundOpenError with nothing written.
   */
  openRound(opening: RoundOpening): Promise<{ roundId: string; balance: bigint }> {
    return this.repo.openRound(opening);
  }

  /**
   * Settles a bet that is not an instant one (slots spins, free spins and bonus purchases, and the
   * end of a blackjack or hi-lo round): writes its bet row, debits `debit` (what was not staked
   * before: a spin's stake, a bonus purchase's cost) and credits the payout, both with ref
   * `bet:<id>`, and closes `round` when given. Returns the bet id and the balance after.
   */
  async settleBet(
    db: Queryable,
    bet: BetRow,
    opts: { debit?: { amount: bigint; kind: 'bet' | 'bonus_buy' }; round?: RoundToClose } = {},
  ): Promise<Settled> {
    const settled = await this.repo.settle(db, bet, opts.debit ?? null, opts.round ?? null);
    SqlService.afterCommit(db, () => this.metrics?.betSettled(bet.game, bet.currency, bet.amount, bet.payout));
    return settled;
  }

  /**
   * Ends a multi-step round (a blackjack hand, a hi-lo run): its bet row holds what the round
   * staked (already debited by {@link stakeRound}) and its final state; the payout is credited and
   * the round closed, through {@link settleBet} like every other bet.
   */
  settleRound(
    db: Queryable,
    round: SettledRound,
    stateJson: string,
    staked: bigint,
    payout: bigint,
    multiplier: string,
  ): Promise<Settled> {
    const bet: BetRow = {
      userId: round.user_id,
      game: round.game,
      currency: round.currency,
      amount: staked,
      payout,
      multiplier,
      pairId: round.seed_pair_id,
      nonce: round.nonce,
      outcome: stateJson,
    };
    return this.settleBet(db, bet, { round: { id: round.id, state: stateJson } });
  }

  /**
   * Ends a multi-step round read without a lock, in one statement of its own (round_settle()), with
   * the rows {@link settleRound} would write. Throws RoundMovedError, with nothing written, when
   * another step changed the round since it was read: the caller settles it the locked way.
   */
  async settleSeenRound(round: Pick<SettledRound, 'game' | 'currency'>, end: RoundEnd): Promise<Settled> {
    const settled = await this.repo.settleSeenRound(end);
    this.metrics?.betSettled(round.game, round.currency, end.staked, end.payout);
    return settled;
  }

  /** The new player's House Coins. */
  signupGrant(db: Queryable, userId: string, amount: bigint): Promise<bigint> {
    return this.repo.move(db, userId, 'HC', amount, 'signup', `user:${userId}`);
  }

  /** A claimed House Coins allowance, stamped with its claim time. */
  allowance(db: Queryable, userId: string, amount: bigint, claimedAt: Date): Promise<bigint> {
    return this.repo.move(db, userId, 'HC', amount, 'allowance', `allowance:${claimedAt.toISOString()}`);
  }

  /** An AMINA deposit credited from its on-chain transaction. */
  deposit(db: Queryable, userId: string, amount: bigint, txId: string): Promise<bigint> {
    return this.repo.move(db, userId, 'AMINA', amount, 'deposit', `tx:${txId}`);
  }

  /** The AMINA a withdrawal takes out (before it is sent). */
  withdraw(db: Queryable, userId: string, amount: bigint, withdrawalId: string): Promise<bigint> {
    return this.repo.move(db, userId, 'AMINA', -amount, 'withdrawal', `withdrawal:${withdrawalId}`);
  }

  /** A failed withdrawal's AMINA given back. */
  refundWithdrawal(db: Queryable, userId: string, amount: bigint, withdrawalId: string): Promise<bigint> {
    return this.repo.move(db, userId, 'AMINA', amount, 'withdrawal_refund', `withdrawal:${withdrawalId}`);
  }

  /** House Coins taken to a poker table. */
  pokerBuyIn(db: Queryable, userId: string, amount: bigint, tableId: string): Promise<bigint> {
    return this.repo.move(db, userId, 'HC', -amount, 'poker_buyin', `poker:${tableId}`);
  }

  /** Chips brought back from a poker table as House Coins; `why` says how the seat ended. */
  pokerCashOut(db: Queryable, userId: string, amount: bigint, tableId: string, why: string): Promise<bigint> {
    return this.repo.move(db, userId, 'HC', amount, 'poker_cashout', `poker:${tableId}:${why}`);
  }

  /** An operator's correction of a balance (± `delta`), with a note saying why. */
  adjust(db: Queryable, userId: string, currency: Currency, delta: bigint, note: string): Promise<bigint> {
    return this.repo.move(db, userId, currency, delta, 'adjustment', `adjustment:${note}`);
  }
}
