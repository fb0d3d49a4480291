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
import { BetToPlace, KeyedBet, RoundAct, RoundOpening, SettlementRepository } from './settlement.repository';

/**
 * The one writer of bets, ledger rows and balances: every money movement of the casino is a command
 * (settlement-command.ts) sent by one of three entries: a game write by {@link commit} (alone) or
 * {@link commitTogether} (with others of its kind, the group commit's call); a balance moved outside
 * a bet by {@link apply}, in the caller's transaction. A game write sent with `db` (the locked
 * ways) runs in the caller's transaction too; a short balance throws InsufficientBalanceError and
 * the caller's transaction rolls back.
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
      case 'bet': {
        const placed = await this.repo.placeBet(w.bet, { ownConnection, db });
        // an instant bet alone is counted by its caller (InstantBetService); one in a locked way here
        const b = w.bet;
        if (db) SqlService.afterCommit(db, () => this.metrics?.betSettled(b.game, b.currency, b.stake, b.payout));
        return placed as GameWriteAnswer<W>;
      }
      case 'open': {
        const opened = await this.repo.openRound(w.opening, { ownConnection, db });
        if (db) SqlService.afterCommit(db, () => this.countOpeningBet(w.opening));
        else this.countOpeningBet(w.opening);
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

  /** An opening's bet at its nonce (a bonus purchase, a spin that awarded free spins), or its own end, is a settled bet. */
  private countOpeningBet(opening: RoundOpening): void {
    if (opening.bet) this.metrics?.betSettled(opening.game, opening.currency, opening.bet.amount, opening.bet.payout);
    if (opening.ends) this.metrics?.betSettled(opening.game, opening.currency, opening.stake, opening.ends.payout);
  }

  /** The instant bet committed under a key whose answer was lost (SettlementRepository.betUnderKey), or null. */
  betUnderKey(userId: string, key: string, hash: string): Promise<KeyedBet | null> {
    return this.repo.betUnderKey(userId, key, hash);
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
