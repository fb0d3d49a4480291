import { Injectable, Optional } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { Queryable, SqlService } from '../database/sql.service';
import { MetricsService } from '../metrics/metrics.service';
import {
  BetRow,
  BetToPlace,
  KeyedBet,
  PlaceBetsAnswer,
  PlacedBet,
  RoundAct,
  RoundActAnswer,
  RoundOpenAnswer,
  RoundOpening,
  SettlementRepository,
} from './settlement.repository';

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

  /** An instant bet alone (place_bet()); `ownConnection`: on the bets' own connections (SqlService.betPool). */
  placeBet(bet: BetToPlace, ownConnection = false): Promise<PlacedBet> {
    return this.repo.placeBet(bet, ownConnection);
  }

  /**
   * Instant bets of several players committed together (place_bets(); the BetBatcher's group
   * commit): per bet, what it wrote, the refusal that left it unwritten, or that it goes alone.
   */
  placeBets(bets: BetToPlace[]): Promise<PlaceBetsAnswer[]> {
    return this.repo.placeBets(bets);
  }

  /** The instant bet committed under a key whose answer was lost (SettlementRepository.betUnderKey), or null. */
  betUnderKey(userId: string, key: string, hash: string): Promise<KeyedBet | null> {
    return this.repo.betUnderKey(userId, key, hash);
  }

  /** Debits a stake of an open round (a deal, a hi-lo start, a blackjack double or split), before its bet row exists. */
  stakeRound(db: Queryable, userId: string, currency: Currency, amount: bigint, roundId: string): Promise<bigint> {
    return this.repo.move(db, userId, currency, -amount, 'bet', `round:${roundId}`);
  }

  /**
   * Opens a round and debits its stake in one statement of its own (round_open()): the round row,
   * debit and ledger row of the locked way (takeNonce, {@link checkPlayAllowed}, the insert,
   * {@link stakeRound}); a round opened by a bet of its own (a slots bonus purchase, a spin that
   * awarded free spins) with that bet's row instead of the debit, as {@link settleBet} writes it. Throws NonceMovedError or RoundOpenError with nothing written.
   */
  async openRound(opening: RoundOpening, ownConnection = false): Promise<{ roundId: string; balance: bigint }> {
    const opened = await this.repo.openRound(opening, ownConnection);
    this.countOpeningBet(opening);
    return opened;
  }

  /** Several players' round openings in one statement and one commit (round_opens(); the BetBatcher's group commit). */
  async openRounds(openings: RoundOpening[]): Promise<RoundOpenAnswer[]> {
    const answers = await this.repo.openRounds(openings);
    answers.forEach((a, i) => 'refusal' in a || this.countOpeningBet(openings[i]));
    return answers;
  }

  /** An opening's bet at its nonce (a bonus purchase, a spin that awarded free spins) is a settled bet of its own. */
  private countOpeningBet(opening: RoundOpening): void {
    if (opening.bet) this.metrics?.betSettled(opening.game, opening.currency, opening.bet.amount, opening.bet.payout);
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
   * One action on an open round (round_act()): alone (`db` null; `ownConnection`: on the bets' own
   * connections), or in `db`, the transaction that holds the round's lock. Throws RoundMovedError,
   * with nothing written, when another action changed the round since it was read.
   */
  async actOnRound(
    db: Queryable | null,
    act: RoundAct,
    ownConnection = false,
  ): Promise<{ betId: string | null; balance: bigint }> {
    const acted = await this.repo.actOnRound(db, act, ownConnection);
    if (db) SqlService.afterCommit(db, () => this.countEnding(act));
    else this.countEnding(act);
    return acted;
  }

  /**
   * Several players' round actions in one statement and one commit (round_acts(); the
   * BetBatcher's group commit): per action, what it wrote or the refusal that left it unwritten.
   */
  async actOnRounds(acts: RoundAct[]): Promise<RoundActAnswer[]> {
    const answers = await this.repo.actOnRounds(acts);
    answers.forEach((a, i) => 'refusal' in a || this.countEnding(acts[i]));
    return answers;
  }

  private countEnding(act: RoundAct): void {
    const end = act.end;
    if (end) this.metrics?.betSettled(act.game, act.currency, end.staked, end.payout);
    // an action that draws (a free spin) is a bet of its own, staking nothing
    if (act.draw) this.metrics?.betSettled(act.game, act.currency, 0n, act.draw.payout);
  }

  /** A new player's balances (both at 0, open_balances()) and their House Coins grant. */
  async openAccount(db: Queryable, userId: string, grant: bigint): Promise<bigint> {
    await this.repo.openBalances(db, userId);
    return this.repo.move(db, userId, 'HC', grant, 'signup', `user:${userId}`);
  }

  /**
   * Deletes, whole, up to `batch` guests older than `days` who never played (only the sign-up grant
   * on their ledger), balance and grant together so the ledger stays exact (housekeeping's job).
   */
  closeIdleGuests(days: number, batch: number): Promise<number> {
    return this.repo.closeIdleGuests(days, batch);
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
