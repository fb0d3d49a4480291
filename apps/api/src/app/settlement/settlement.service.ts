import { Injectable, Optional } from '@nestjs/common';
import type { Currency } from '@cosmic/contracts';
import { Queryable, SqlService } from '../database/sql.service';
import { MetricsService } from '../metrics/metrics.service';
import {
  type BalanceMove,
  type GameWrite,
  type GameWriteAnswer,
  type GameWriteTogether,
  ledgerMove,
} from './settlement-command';
import { BetRow, BetToPlace, KeyedBet, RoundAct, RoundOpening, SettlementRepository } from './settlement.repository';

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
 * The one writer of bets, ledger rows and balances: every money movement of the casino is a command
 * (settlement-command.ts) sent by one of three entries: a game write by {@link commit} (alone) or
 * {@link commitTogether} (with others of its kind, the group commit's call); a balance moved outside
 * a bet by {@link apply}, in the caller's transaction; and the locked fallbacks' settlement by
 * {@link settleBet}. The methods that take `db` run in the caller's transaction; a short balance
 * throws InsufficientBalanceError and the caller's transaction rolls back.
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

  /**
   * One game write alone, in one statement of its own (place_bet(), round_open(), round_act()):
   * `ownConnection` on the bets' own connections (SqlService.betPool); `db`, a round action in the
   * transaction that holds the round's lock (the round runner's one fallback). Throws the write's
   * refusal with nothing written (NonceMovedError, RoundMovedError, RoundOpenError, the session's,
   * the key's, the play guard's, the balance's).
   */
  async commit<W extends GameWrite>(
    w: W,
    { ownConnection = false, db = null }: { ownConnection?: boolean; db?: Queryable | null } = {},
  ): Promise<GameWriteAnswer<W>> {
    switch (w.kind) {
      case 'bet':
        return (await this.repo.placeBet(w.bet, ownConnection)) as GameWriteAnswer<W>;
      case 'open': {
        const opened = await this.repo.openRound(w.opening, ownConnection);
        this.countOpeningBet(w.opening);
        return opened as GameWriteAnswer<W>;
      }
      case 'act': {
        const acted = await this.repo.actOnRound(db, w.act, ownConnection);
        if (db) SqlService.afterCommit(db, () => this.countEnding(w.act));
        else this.countEnding(w.act);
        return acted as GameWriteAnswer<W>;
      }
    }
  }

  /**
   * Several players' game writes of one kind in one statement and one commit (place_bets(),
   * round_opens(), round_acts(); the BetBatcher's group commit): per write, in order, what it
   * wrote, the refusal that left it unwritten, or (a bet) that it goes alone.
   */
  async commitTogether<W extends GameWrite>(writes: W[]): Promise<Array<GameWriteTogether<W>>> {
    const kind = writes[0]?.kind;
    if (writes.some((w) => w.kind !== kind)) throw new Error('commitTogether: writes of one kind only');
    const all = writes as GameWrite[];
    switch (kind) {
      case undefined:
        return [];
      case 'bet':
        return (await this.repo.placeBets(all.map((w) => (w as { bet: BetToPlace }).bet))) as Array<
          GameWriteTogether<W>
        >;
      case 'open': {
        const openings = all.map((w) => (w as { opening: RoundOpening }).opening);
        const answers = await this.repo.openRounds(openings);
        answers.forEach((a, i) => 'refusal' in a || this.countOpeningBet(openings[i]));
        return answers as Array<GameWriteTogether<W>>;
      }
      case 'act': {
        const acts = all.map((w) => (w as { act: RoundAct }).act);
        const answers = await this.repo.actOnRounds(acts);
        answers.forEach((a, i) => 'refusal' in a || this.countEnding(acts[i]));
        return answers as Array<GameWriteTogether<W>>;
      }
    }
  }

  /**
   * A balance moved outside a bet, in the caller's transaction (`db`): its one ledger row as
   * ledgerMove() writes it (settlement-command.ts); a signup opens the player's balances first
   * (open_balances()). Returns the balance after; a short balance throws InsufficientBalanceError.
   */
  async apply(db: Queryable, m: BalanceMove): Promise<bigint> {
    if (m.kind === 'signup') await this.repo.openBalances(db, m.userId);
    const { currency, delta, kind, ref } = ledgerMove(m);
    return this.repo.move(db, m.userId, currency, delta, kind, ref);
  }

  /** An opening's bet at its nonce (a bonus purchase, a spin that awarded free spins) is a settled bet of its own. */
  private countOpeningBet(opening: RoundOpening): void {
    if (opening.bet) this.metrics?.betSettled(opening.game, opening.currency, opening.bet.amount, opening.bet.payout);
  }

  /** The instant bet committed under a key whose answer was lost (SettlementRepository.betUnderKey), or null. */
  betUnderKey(userId: string, key: string, hash: string): Promise<KeyedBet | null> {
    return this.repo.betUnderKey(userId, key, hash);
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
   * staked (already debited as its round_stake moves) and its final state; the payout is credited and
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

  private countEnding(act: RoundAct): void {
    const end = act.end;
    if (end) this.metrics?.betSettled(act.game, act.currency, end.staked, end.payout);
    // an action that draws (a free spin) is a bet of its own, staking nothing
    if (act.draw) this.metrics?.betSettled(act.game, act.currency, 0n, act.draw.payout);
  }

  /**
   * Deletes, whole, up to `batch` guests older than `days` who never played (only the sign-up grant
   * on their ledger), balance and grant together so the ledger stays exact (housekeeping's job).
   */
  closeIdleGuests(days: number, batch: number): Promise<number> {
    return this.repo.closeIdleGuests(days, batch);
  }
}
