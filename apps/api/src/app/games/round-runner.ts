import { Injectable } from '@nestjs/common';
import type { SessionUser } from '../auth/session.service';
import { ProofRequiredError } from '../auth/ownership';
import { ConflictError, DomainError } from '../common/domain-error';
import { KeyTakenError, openClaim, type PendingClaim } from '../common/idempotency-claim';
import { toJson } from '../common/json';
import { SqlService, type Queryable } from '../database/sql.service';
import { NonceMovedError, RoundMovedError, SessionEndedError } from '../settlement/settlement-errors';
import { SettlementService } from '../settlement/settlement.service';
import type { RoundAct, RoundActWritten } from '../settlement/settlement.repository';
import { BetBatcher } from './bet-batcher';
import { KnownRounds, type KnownRound } from './known-rounds';
import { needVerified, sessionRefusal } from './play-session';
import { RoundsRepository, type RoundRow } from './rounds.repository';

/** How a round ends: its final state, what it staked in all, and what it pays. */
export interface RoundEnding<S> {
  state: S;
  staked: bigint;
  payout: bigint;
  /** The bet row's multiplier as text (`multiplierText`). */
  multiplier: string;
}

/** What one action does to an open round, as the game computes it from the round it is given. */
export interface RoundMove<S> {
  /** The round's state after the action (its final state when `end` is set). */
  state: S;
  /** The action plays on (draws a card): refused by the play guard, as a bet is. */
  playsOn: boolean;
  /** The stake the action adds (a double, a split), debited and guarded like a bet; 0n for none. */
  extra: bigint;
  /** Set when the action ends the round. */
  end: RoundEnding<S> | null;
  /**
   * Set when the action draws at the pair's nonce (`pair_nonce` of the round it was computed from)
   * and is a bet of its own (a slots free spin): never with `end`.
   */
  draw?: RoundDrawn | null;
}

/** An action's own bet at the pair's nonce: it stakes nothing, pays `payout`, and may close the round. */
export interface RoundDrawn {
  nonce: bigint;
  payout: bigint;
  /** The bet row's multiplier as text (`multiplierText`). */
  multiplier: string;
  /** The bet row's outcome (what the verifier needs). */
  outcome: unknown;
  /** The last draw closes the round (every draw has its own bet row). */
  closes: boolean;
}

/**
 * What the action wrote: the bet id when it ended the round, the balance after it, and the round's
 * version after it while the round stays open (null for a replayed answer).
 */
export type RoundActed = RoundActWritten;

/** One kind of action on one game's open round. */
export interface RoundAction<S, A> {
  game: string;
  /** The refusal when the player has no open round of the game (today's message). */
  noRound: string;
  /** Its moves draw at the pair's nonce (`RoundMove.draw`): the locked fallback locks the pair before the round. */
  draws?: boolean;
  /** The action on `round`: the next state, or a coded refusal (thrown). */
  move(round: RoundRow<S>): RoundMove<S> | Promise<RoundMove<S>>;
  /** The answer to the action, from the round it was played on. */
  answer(round: RoundRow<S>, move: RoundMove<S>, acted: RoundActed): A;
}

/**
 * Every action on an open round (hi-lo guess and cash-out; blackjack hit, stand, double and split;
 * a slots free spin) takes this one road: the round is read without a lock (with the session's state), the game
 * computes the move, and round_act() writes it in one statement if the row is still the version
 * read. The round as this process's last write left it (KnownRounds: the opening's, or the last
 * action's, with the version round_open() or round_act() answered) is kept, so the player's next
 * action is computed from it without reading the round again: round_act()'s version check is what
 * makes that safe (another process, an idle-round closer or a lost answer moved the row: the action
 * is refused unwritten and takes the fallback below, which reads the round locked), and
 * round_act() checks the session itself. round_act() checks the session, claims the Idempotency-Key, applies the play guard to an
 * action that plays on or stakes more, debits the added stake and settles the round when it ends
 * (or, for an action that draws, takes the pair's nonce and settles the action's own bet).
 * When another action changed the round (or another bet the pair's nonce) first, or the move was refused on the version read, the
 * same move runs once more on the round locked in a transaction (the one fallback) and is written
 * by the same round_act(). The optimistic write goes through BetBatcher's group commit: the
 * actions of many players that wait together share one round_acts() call and one commit.
 */
@Injectable()
export class RoundRunner {
  constructor(
    private readonly known: KnownRounds,
    private readonly sql: SqlService,
    private readonly rounds: RoundsRepository,
    private readonly settlement: SettlementService,
    private readonly batcher: BetBatcher,
  ) {}

  async act<S, A>(user: SessionUser, action: RoundAction<S, A>): Promise<A> {
    const key = openClaim(user.claim);
    try {
      return await this.run(user, action);
    } catch (e) {
      if (!(e instanceof KeyTakenError && key)) throw e;
      const replay = await this.replayed(key, action);
      if (replay === null) throw e;
      return replay;
    }
  }

  /**
   * The answer of this key's earlier request whose round_act() committed (no answer is stored for
   * it, PendingClaim.keyRow; or its own answer never reached the player: its connection broke after
   * the COMMIT): the same move played again on the round as it was before it, with the bet and
   * balance it wrote. Null when the key names no such action (another request, an opening, one in
   * flight, or an answer stored: the IdempotencyStore answers those).
   */
  private async replayed<S, A>(key: PendingClaim, action: RoundAction<S, A>): Promise<A | null> {
    const written = await this.rounds.writtenUnder<S>(key.userId, key.key, key.hash, action.game);
    if (!written || written.before === null) return null;
    const before = { ...written.round, state: written.before };
    const move = await action.move(before);
    key.replayedFromRecord();
    return action.answer(before, move, { betId: written.betId, balance: written.balance, version: null });
  }

  private async run<S, A>(user: SessionUser, action: RoundAction<S, A>): Promise<A> {
    const seen = this.known.get<S>(user.userId, action.game) ?? (await this.read(user, action));
    if (seen) {
      const move = await movedOrRefused(action, seen);
      if (move) {
        const claim = openClaim(user.claim);
        try {
          const acted = await this.write(
            null,
            user,
            seen,
            seen.seen,
            move,
            claim && { key: claim.key, hash: claim.hash },
          );
          claim?.claimedWithRecord();
          return action.answer(seen, move, acted);
        } catch (e) {
          // nothing was written: the round is read again next time
          this.known.forget(user.userId, action.game);
          if (!(e instanceof RoundMovedError || e instanceof NonceMovedError))
            throw e instanceof SessionEndedError ? sessionRefusal(user) : e;
        }
      } else this.known.forget(user.userId, action.game);
    }
    // the transaction takes the acting player's key claim (SqlService.tx) and stores the answer with it
    try {
      return await this.sql.tx(async (db) => {
        // the pair before the round: every bet's lock order, and the nonce a draw reads stays its own
        if (action.draws) await this.rounds.lockPair(db, user.userId);
        const round = await this.rounds.lockOpen<S>(db, user.userId, action.game);
        if (!round) throw new ConflictError(action.noRound);
        const move = await action.move(round);
        return action.answer(round, move, await this.write(db, user, round, round.seen, move, undefined));
      }, user.claim);
    } catch (e) {
      throw e instanceof SessionEndedError ? sessionRefusal(user) : e;
    }
  }

  /** The player's open round of the game, read with their session's state (refused here when the session is not live or not proven). */
  private async read<S, A>(user: SessionUser, action: RoundAction<S, A>): Promise<KnownRound<S> | null> {
    const read = await this.rounds.readOpen<S>(user.tokenHash, user.userId, action.game);
    if (!read) return null;
    const { session_live, session_proven, ...round } = read;
    if (!session_live) throw sessionRefusal(user);
    if (!session_proven && needVerified(user, round.currency)) throw new ProofRequiredError();
    this.known.read(round);
    return round;
  }

  /**
   * round_act() for `move` on `round` as it was at version `seen`; the round is then kept as the
   * action left it (its state, what it has staked, the pair's nonce after a draw, its version),
   * once committed, or forgotten when the action closed it.
   */
  private async write<S>(
    db: Queryable | null,
    user: SessionUser,
    round: RoundRow<S>,
    seen: string,
    move: RoundMove<S>,
    idempotency: { key: string; hash: string } | undefined,
  ): Promise<RoundActed> {
    const end = move.end;
    const act: RoundAct = {
      game: round.game,
      currency: round.currency,
      tokenHash: user.tokenHash,
      userId: user.userId,
      // round_act() checks the session in the statement that writes
      needVerified: needVerified(user, round.currency),
      roundId: round.id,
      seen,
      state: toJson(move.state),
      playsOn: move.playsOn,
      extra: move.extra,
      end: end && { staked: end.staked, payout: end.payout, multiplier: end.multiplier },
      draw: move.draw && { ...move.draw, outcome: toJson(move.draw.outcome) },
      idempotency,
    };
    // alone, the action joins the group commit (one commit for the actions that wait together);
    // in the locked fallback's transaction it is written there
    const acted = db
      ? await this.settlement.commit({ kind: 'act', act }, { db })
      : await this.batcher.commit({ kind: 'act', act });
    const keep = () =>
      this.known.wrote(round, act.state, acted.version, {
        staked: (BigInt(round.staked) + move.extra).toString(),
        pair_nonce: move.draw ? (move.draw.nonce + 1n).toString() : round.pair_nonce,
      });
    if (db) SqlService.afterCommit(db, keep);
    else keep();
    return acted;
  }
}

/** The move on the version read; null when the game refused it there (the locked try decides). */
async function movedOrRefused<S, A>(action: RoundAction<S, A>, round: RoundRow<S>): Promise<RoundMove<S> | null> {
  try {
    return await action.move(round);
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}
