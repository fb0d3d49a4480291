import { Injectable, Optional } from '@nestjs/common';
import { fairStream, settledPayout, type FloatStream, type Rational } from '@cosmic/game-engine';
import type { Currency, SettledBetFields } from '@cosmic/contracts';
import { money } from '../common/amount';
import { NonceMovedError, SessionEndedError } from '../settlement/settlement-errors';
import type { SessionUser } from '../auth/session.service';
import { needVerified, sessionRefusal } from './play-session';
import { BetBatcher } from './bet-batcher';
import { nodeHmac } from '../common/node-hmac';
import { SeedCache, type ActivePair } from './seed-cache';
import { KeyedQueue } from '../common/keyed-queue';
import { MetricsService } from '../metrics/metrics.service';
import { multiplierText } from './multiplier';
import { toJson } from '../common/json';
import { KeyTakenError, openClaim, type PendingClaim } from '../common/idempotency-claim';

/** A one-shot game's result for one stream: the exact return multiplier and what to store. */
export interface InstantPlay<T> {
  multiplier: Rational;
  outcome: T;
  /** What the bet row keeps, when it is not `outcome` itself. */
  stored?: unknown;
}

/** Where a bet finds the player's active pair; null when the bet cannot be an instant one now. */
export type PairSource = (userId: string) => Promise<ActivePair | null>;

/** A settled instant bet. */
export interface SettledInstantBet<T> extends SettledBetFields {
  outcome: T;
  stake: bigint;
  payout: bigint;
  multiplier: Rational;
}

/**
 * Tries before a bet is answered 409. Only two instances betting for the same player at once
 * need more than one: in the two-instance reliability test (8 players, both instances, 1,920
 * bets, one core kept busy) 46% of first tries lost the nonce to the other instance, and each
 * retry lost again 20–32% of the time; at 8 tries ~1 test run in 50 ran a bet out of them (seen
 * once in CI), at 16 it is below 1 in 10^6.
 */
const MAX_ATTEMPTS = 16;

/**
 * Places and settles a one-shot bet (dice, plinko) in one database round trip: the outcome is
 * computed here for the nonce the cache expects, and place_bet() (or place_bets(), with the bets
 * of other players that arrived meanwhile: BetBatcher) commits it only if that nonce is still
 * current (else reload and retry), with the balance check, bet and ledger.
 */
@Injectable()
export class InstantBetService {
  private readonly queue = new KeyedQueue();

  constructor(
    private readonly bets: BetBatcher,
    private readonly seeds: SeedCache,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  place<T>(
    user: SessionUser,
    game: string,
    currency: Currency,
    stake: bigint,
    play: (stream: FloatStream) => InstantPlay<T>,
  ): Promise<SettledInstantBet<T>> {
    const cached: PairSource = (userId) => this.seeds.get(userId);
    return this.queue.run(
      user.userId,
      async () => (await this.attempt(user, game, currency, stake, play, cached, false))!,
    );
  }

  /**
   * A bet of a game that is instant only sometimes (a slots spin: unless free spins are held or
   * awarded): `pairOf` reads the pair (null: not now) and `play` answers null for an outcome that
   * needs the game's own transaction. Null then, and nothing was written: the caller plays it its way.
   * The pair `pairOf` reads is proven still current by place_bet()'s nonce check, like the cache's.
   * A request whose Idempotency-Key already names a write that is not an instant bet (the round a
   * triggering spin opened, its answer lost) gets null too: the caller's own way answers it.
   */
  placeUnless<T>(
    user: SessionUser,
    game: string,
    currency: Currency,
    stake: bigint,
    play: (stream: FloatStream) => InstantPlay<T> | null,
    pairOf: PairSource,
  ): Promise<SettledInstantBet<T> | null> {
    return this.queue.run(user.userId, () => this.attempt(user, game, currency, stake, play, pairOf, true));
  }

  private async attempt<T>(
    user: SessionUser,
    game: string,
    currency: Currency,
    stake: bigint,
    play: (stream: FloatStream) => InstantPlay<T> | null,
    pairOf: PairSource,
    /** The key may name another kind of write (placeUnless): answer null rather than refuse. */
    keyMayNameOther: boolean,
  ): Promise<SettledInstantBet<T> | null> {
    // the request's Idempotency-Key, claimed by place_bet() in the bet's own statement
    const claim = openClaim(user.claim);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const pair = await pairOf(user.userId);
      const result = pair && play(fairStream(pair.serverSeed, pair.clientSeed, Number(pair.nonce), nodeHmac));
      // not an instant bet now (no pair, or the spin at this nonce needs its own transaction): a
      // retry whose first request committed an instant bet at an earlier nonce answers that bet
      if (!pair || !result) return claim ? this.committed(claim, currency, stake, play) : null;
      const win = settledPayout(currency, stake, result.multiplier);
      try {
        const placed = await this.bets.commit(
          {
            kind: 'bet',
            bet: {
              tokenHash: user.tokenHash,
              userId: user.userId,
              // place_bet() re-checks in SQL that a wallet session proved its key (guests own their id)
              needVerified: needVerified(user, currency),
              currency,
              stake,
              payout: win,
              pairId: pair.pairId,
              nonce: pair.nonce,
              game,
              multiplier: multiplierText(result.multiplier),
              outcome: toJson(result.stored ?? result.outcome),
              idempotency: claim && { key: claim.key, hash: claim.hash },
            },
          },
          attempt > 0, // a retry goes at once, alone
        );
        claim?.claimedWithRecord();
        this.seeds.advanced(user.userId, pair);
        this.metrics?.betSettled(game, currency, stake, win); // commit() answers once the bet is committed
        return {
          outcome: result.outcome,
          stake,
          payout: win,
          multiplier: result.multiplier,
          betId: placed.betId,
          nonce: Number(pair.nonce),
          serverSeedHash: pair.serverSeedHash,
          clientSeed: pair.clientSeed,
          currency,
          balance: money(placed.balance),
        };
      } catch (e) {
        if (e instanceof KeyTakenError && claim) {
          // the key's request may have committed and lost its answer: answer that bet, never a second
          const committed = await this.committed(claim, currency, stake, play);
          if (committed) return committed;
          if (keyMayNameOther) return null;
          throw e;
        }
        if (e instanceof NonceMovedError) {
          // another instance, a rotation or a round moved the nonce: retry at once where it is now
          this.seeds.lost(user.userId, pair, e);
          continue;
        }
        // the SQL's session check refused a session that was never proven: say what is missing
        if (e instanceof SessionEndedError) throw sessionRefusal(user);
        throw e;
      }
    }
    throw new NonceMovedError();
  }

  /**
   * The bet an earlier request with this key and body committed (no answer is stored for it:
   * PendingClaim.keyRow), played again from its pair at its nonce: the same outcome, payout, bet id
   * and balance the first answer said, or would have said had it reached the player. Null when
   * the key names no such bet (another request, one in flight, or an answer stored: the
   * IdempotencyStore answers those).
   */
  private async committed<T>(
    claim: PendingClaim,
    currency: Currency,
    stake: bigint,
    play: (stream: FloatStream) => InstantPlay<T> | null,
  ): Promise<SettledInstantBet<T> | null> {
    const bet = await this.bets.committedUnder(claim.userId, claim.key, claim.hash);
    if (!bet || bet.currency !== currency || BigInt(bet.stake) !== stake) return null;
    const result = play(fairStream(bet.serverSeed, bet.clientSeed, Number(bet.nonce), nodeHmac));
    if (!result || settledPayout(currency, stake, result.multiplier) !== BigInt(bet.payout)) return null;
    claim.replayedFromRecord();
    return {
      outcome: result.outcome,
      stake,
      payout: BigInt(bet.payout),
      multiplier: result.multiplier,
      betId: bet.betId,
      nonce: Number(bet.nonce),
      serverSeedHash: bet.serverSeedHash,
      clientSeed: bet.clientSeed,
      currency,
      balance: money(BigInt(bet.balance)),
    };
  }
}
