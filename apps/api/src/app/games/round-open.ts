import { Injectable } from '@nestjs/common';
import { fairStream, type FloatStream } from '@cosmic/game-engine';
import type { Currency } from '@cosmic/contracts';
import type { SessionUser } from '../auth/session.service';
import { ConflictError } from '../common/domain-error';
import type { Queryable } from '../database/queryable';
import { KeyTakenError, openClaim, type PendingClaim } from '../common/idempotency-claim';
import { toJson } from '../common/json';
import { nodeHmac } from '../common/node-hmac';
import { NonceMovedError, RoundOpenError, SessionEndedError } from '../settlement/settlement-errors';
import { SettlementService } from '../settlement/settlement.service';
import type { RoundOpening, RoundOpenWritten } from '../settlement/settlement.repository';
import { SqlService } from '../database/sql.service';
import { BetBatcher } from './bet-batcher';
import { KnownRounds } from './known-rounds';
import { needVerified, sessionRefusal } from './play-session';
import { type LockedPair, RoundsRepository } from './rounds.repository';
import { SeedCache, type ActivePair } from './seed-cache';

/**
 * Tries before an opening gives way to the locked transaction: each one lost the nonce to another
 * bet of the player's (another instance, a round) and learnt where it is now.
 */
const MAX_ATTEMPTS = 4;

/** A round to open (a hi-lo start, a blackjack deal, a slots bonus buy): the game, the stake, and how it opens. */
export interface RoundToOpen<S> {
  game: string;
  currency: Currency;
  stake: bigint;
  /** The opening state for the pair's stream; null when it needs the locked transaction (a deal that settles at once). */
  deal(stream: FloatStream): S | null;
  /**
   * The refusal when the player already has a round of this game open (today's message); null when
   * the caller's locked way says why itself (open() then answers null, nothing written).
   */
  alreadyOpen: string | null;
  /**
   * A round opened by a bet of its own at the nonce (a slots bonus purchase; the paid spin that
   * awarded the free spins), asked for after `deal` on the same stream: settled with the opening
   * (its outcome kept for the verifier), and the round stakes nothing.
   */
  bet?(): { amount: bigint; payout: bigint; multiplier: string; outcome: unknown; kind: 'bet' | 'bonus_buy' };
}

/** A round opened and its stake debited. */
export interface OpenedRound<S> {
  id: string;
  pair: ActivePair;
  state: S;
  balance: bigint;
}

/**
 * Opens a round in one statement (round_open()) like an instant bet: the opening state is computed
 * for the nonce the seed cache expects, and the database takes it only if that nonce is still
 * current (else the cache moves to where it is, and the state is computed again). The first try
 * goes through BetBatcher's group commit: the openings that wait together share one
 * round_opens() call and one commit. A keyed opening whose COMMIT answer was lost is answered again
 * from what round_open() wrote under its key, as an action is (round-runner.ts). A round opened is
 * kept as written (KnownRounds), so the first action on it reads nothing.
 */
@Injectable()
export class RoundOpener {
  constructor(
    private readonly seeds: SeedCache,
    private readonly settlement: SettlementService,
    private readonly batcher: BetBatcher,
    private readonly rounds: RoundsRepository,
    private readonly known: KnownRounds,
  ) {}

  /**
   * The round opened, with the request's Idempotency-Key claimed in the same statement; null when
   * nothing was written and the caller opens it the locked way (a state that needs it, a round
   * already open when `alreadyOpen` is null, or the nonce lost every try). Refusals (session, guards, balance, a round already open) are thrown.
   */
  async open<S>(user: SessionUser, round: RoundToOpen<S>): Promise<OpenedRound<S> | null> {
    const claim = openClaim(user.claim);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const pair = await this.seeds.get(user.userId);
      const state = round.deal(fairStream(pair.serverSeed, pair.clientSeed, Number(pair.nonce), nodeHmac));
      if (state === null) return null;
      try {
        const opening = {
          ...roundOpening(user, round, pair, state),
          idempotency: claim && { key: claim.key, hash: claim.hash },
        };
        // the first try joins the group commit; a retry after a moved nonce goes at once and
        // alone, or it would race the player's other bet again
        const opened =
          attempt === 0
            ? await this.batcher.commit({ kind: 'open', opening })
            : await this.settlement.commit({ kind: 'open', opening });
        claim?.claimedWithRecord();
        this.seeds.advanced(user.userId, pair);
        this.keep(opening, pair, opened);
        return { id: opened.roundId, pair, state, balance: opened.balance };
      } catch (e) {
        if (e instanceof KeyTakenError && claim) {
          // the key's request may have opened the round and lost its answer: answer that round, never a second
          const replay = await this.replayed(claim, round);
          if (replay) return replay;
          throw e;
        }
        if (e instanceof NonceMovedError) {
          this.seeds.lost(user.userId, pair, e);
          continue;
        }
        if (e instanceof RoundOpenError) {
          if (round.alreadyOpen === null) return null;
          throw new ConflictError(round.alreadyOpen);
        }
        if (e instanceof SessionEndedError) throw sessionRefusal(user);
        throw e;
      }
    }
    return null;
  }

  /**
   * The one locked way to open a round (a blackjack deal that settles at once, or an opening whose
   * nonce kept moving), in the caller's transaction `db`: the pair row-locked first (every bet's
   * lock order), so its nonce stays where it was read; the state dealt at it; then the same
   * round_open() as the other ways, alone in this transaction (session, nonce, play guard, the round
   * row, refused with `alreadyOpen` while one is open, its stake or its bet). A round that `ends` as
   * it opens is settled in that statement too. The caller's transaction holds the request's key.
   * `locked`: the pair as the caller already row-locked it in `db` (it is not locked again).
   */
  async openLocked<S>(
    db: Queryable,
    user: SessionUser,
    round: Omit<RoundToOpen<S>, 'deal' | 'alreadyOpen'> & {
      deal(stream: FloatStream): S;
      alreadyOpen: string;
      /** How the round ends when it ends as it opens (its payout and multiplier), else null. */
      ends?(state: S): { payout: bigint; multiplier: string } | null;
    },
    locked?: LockedPair,
  ): Promise<OpenedRound<S> & { betId: string | null }> {
    const pair = locked ?? (await this.rounds.lockPair(db, user.userId));
    const state = round.deal(fairStream(pair.serverSeed, pair.clientSeed, Number(pair.nonce), nodeHmac));
    const opening = { ...roundOpening(user, round, pair, state), ends: round.ends?.(state) ?? null };
    try {
      const opened = await this.settlement.commit({ kind: 'open', opening }, { db });
      SqlService.afterCommit(db, () => this.keep(opening, pair, opened));
      return { id: opened.roundId, pair, state, balance: opened.balance, betId: opened.betId ?? null };
    } catch (e) {
      if (e instanceof RoundOpenError) throw new ConflictError(round.alreadyOpen);
      if (e instanceof SessionEndedError) throw sessionRefusal(user);
      throw e;
    }
  }

  /** Keeps the round `opening` opened, as round_open() wrote it (KnownRounds; forgotten when it ended as it opened). */
  private keep(opening: RoundOpening, pair: Omit<ActivePair, 'nonce'>, opened: RoundOpenWritten): void {
    const round = {
      id: opened.roundId,
      user_id: opening.userId,
      game: opening.game,
      status: 'open' as const,
      currency: opening.currency,
      stake: opening.stake.toString(),
      // an opening with a bet of its own at the nonce stakes nothing in the round
      staked: (opening.bet ? 0n : opening.stake).toString(),
      seed_pair_id: opening.pairId,
      nonce: opening.nonce.toString(),
      state: null,
      bet_id: null,
      server_seed: pair.serverSeed,
      server_seed_hash: pair.serverSeedHash,
      client_seed: pair.clientSeed,
      pair_nonce: (opening.nonce + 1n).toString(),
    };
    this.known.wrote(round, opening.state, opened.version);
  }

  /**
   * The caller's locked way (`locked`), for a request whose one-statement way wrote nothing. When its
   * transaction meets the request's Idempotency-Key already taken (KeyTakenError), the key's earlier
   * request may have opened a round and lost its answer (a failover between its COMMIT and its
   * answer) while this retry, reading the pair as it is now, took the locked way: that round is
   * answered (`replayed`, from {@link replay}), never a second one. Anything else is rethrown.
   */
  async lockedOrReplayed<T>(locked: () => Promise<T>, replayed: () => Promise<T | null>): Promise<T> {
    try {
      return await locked();
    } catch (e) {
      const answer = e instanceof KeyTakenError ? await replayed() : null;
      if (answer) return answer;
      throw e;
    }
  }

  /**
   * For a request whose own way failed on its Idempotency-Key (KeyTakenError: a slots spin's locked
   * transaction, when the spin at the nonce it expected opens nothing): the round its key's earlier
   * request opened, as {@link replayed} finds it; null when there is none.
   */
  async replay<S>(user: SessionUser, round: RoundToOpen<S>): Promise<OpenedRound<S> | null> {
    const claim = openClaim(user.claim);
    return claim ? this.replayed(claim, round) : null;
  }

  /**
   * The round this key's earlier request opened without its answer being stored (its connection
   * broke after the COMMIT: it answered 503): dealt again from its pair at its nonce, with the
   * balance the opening left. Null when the key names no such opening (another request, an action,
   * one in flight, or an answer stored: the IdempotencyStore answers those).
   */
  private async replayed<S>(claim: PendingClaim, round: RoundToOpen<S>): Promise<OpenedRound<S> | null> {
    const written = await this.rounds.writtenUnder<S>(claim.userId, claim.key, claim.hash, round.game);
    if (!written || written.before !== null) return null;
    const r = written.round;
    const pair: ActivePair = {
      pairId: String(r.seed_pair_id),
      serverSeed: r.server_seed,
      serverSeedHash: r.server_seed_hash,
      clientSeed: r.client_seed,
      nonce: BigInt(r.nonce),
    };
    const state = round.deal(fairStream(pair.serverSeed, pair.clientSeed, Number(pair.nonce), nodeHmac));
    if (state === null) return null;
    claim.replayedFromRecord();
    return { id: String(r.id), pair, state, balance: written.balance };
  }
}

/**
 * The opening as round_open() takes it: `state` dealt at the pair's nonce, and the opening's bet at
 * that nonce, if any (asked for after `deal`: it may read what deal drew).
 */
function roundOpening<S>(
  user: SessionUser,
  round: Pick<RoundToOpen<S>, 'game' | 'currency' | 'stake' | 'bet'>,
  pair: { pairId: string; nonce: bigint },
  state: S,
): RoundOpening {
  const bet = round.bet?.();
  return {
    tokenHash: user.tokenHash,
    userId: user.userId,
    needVerified: needVerified(user, round.currency),
    game: round.game,
    currency: round.currency,
    stake: round.stake,
    pairId: pair.pairId,
    nonce: pair.nonce,
    state: toJson(state),
    bet: bet ? { ...bet, outcome: toJson(bet.outcome) } : null,
  };
}
